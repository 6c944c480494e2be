/// Finds the open, high, low and close among a table's columns of numbers by what their rows
/// hold, not by their names or places: the generic reader's way to read a header-less file, an
/// array of arrays in an exchange's own order (Coinbase's `[time, low, high, open, close,
/// volume]`, OKX's `[ts, o, h, l, c, vol, volCcy]`), or columns under meaningless names.
///
/// **The candle.** Column `a` is *below* column `b` when, on the sampled rows that have both,
/// `a ≤ b` with a relative slack of 10⁻⁹ (rounding), on all rows but one in twenty
/// (``allowedExceptions(_:)``: none in fewer than 20 rows). The open and the close *cross*:
/// neither is below the other (a bar rises, the next falls). For each two columns that cross,
/// the low is the highest column below both and the high the lowest column above both (so a
/// volume always below the prices is never the low: the low lies between them). Of the
/// candles so found, the one whose high and low lie closest together (the median of
/// (high − low) / |high|) is the candle, when the next is at least ``spreadRatio`` times
/// wider; candles as close (two assets side by side) are ambiguous. Candles that share their
/// low and high (an `Adj Close` crossing the open as the close does) are one, with all their
/// middles, for the names to choose from.
///
enum CandleColumns {
    /// The sampled rows, of `rows`, that may break an order and still count as "below".
    static func allowedExceptions(_ rows: Int) -> Int { rows / 20 }
    /// The relative slack of a comparison: `a ≤ b + slack × max(|a|, |b|)`.
    static var relativeTolerance: Double { 1e-9 }
    /// How much nearer the open must follow the previous close than the other way round.
    static var continuityRatio: Double { 0.75 }
    /// How much wider the next candle must be for the tightest to be the candle.
    static var spreadRatio: Double { 2 }
    /// At most this many columns are compared (the first ones given).
    static var maximumColumns: Int { 24 }

    /// What the search found.
    enum Search: Equatable {
        /// No four columns hold a candle.
        case none
        /// A low and a high, and the columns between them that cross (two or more), in table order.
        case found(low: Int, high: Int, middles: [Int])
        /// Several pairs of low and high do about as well.
        case ambiguous([Pair])
    }

    /// A low and a high column.
    struct Pair: Equatable {
        var low: Int
        var high: Int
    }

    /// Searches `columns` (columns of numbers, the time column left out) in `probe`'s rows.
    static func search(_ probe: TableProbe, columns: [Int]) -> Search {
        let columns = Array(columns.prefix(maximumColumns))
        guard columns.count >= 4 else { return .none }
        let count = columns.count
        var below = Array(repeating: Array(repeating: false, count: count), count: count)
        for a in 0..<count {
            for b in 0..<count where a != b {
                below[a][b] = isBelow(probe.columns[columns[a]].values, probe.columns[columns[b]].values)
            }
        }
        var candles: [(pair: Pair, middles: [Int], spread: Double)] = []
        for a in 0..<count {
            for b in a + 1..<count where !below[a][b] && !below[b][a] {
                let lows = (0..<count).filter { $0 != a && $0 != b && below[$0][a] && below[$0][b] }
                let highs = (0..<count).filter { $0 != a && $0 != b && below[a][$0] && below[b][$0] }
                guard let low = lows.first(where: { x in lows.allSatisfy { $0 == x || below[$0][x] } }),
                    let high = highs.first(where: { x in highs.allSatisfy { $0 == x || below[x][$0] } }),
                    let spread = medianSpread(probe.columns[columns[low]].values, probe.columns[columns[high]].values)
                else { continue }
                let pair = Pair(low: columns[low], high: columns[high])
                if let same = candles.firstIndex(where: { $0.pair == pair }) {
                    for middle in [columns[a], columns[b]] where !candles[same].middles.contains(middle) {
                        candles[same].middles.append(middle)
                    }
                } else {
                    candles.append((pair, [columns[a], columns[b]], spread))
                }
            }
        }
        candles.sort { ($0.spread, $0.pair.low, $0.pair.high) < ($1.spread, $1.pair.low, $1.pair.high) }
        guard let best = candles.first else { return .none }
        let close = candles.filter { $0.spread <= best.spread * spreadRatio }
        guard close.count == 1 else { return .ambiguous(close.map(\.pair)) }
        return .found(low: best.pair.low, high: best.pair.high, middles: best.middles.sorted())
    }

    /// The median of (high − low) / max(|high|, |low|) over the rows that have both, or `nil`.
    private static func medianSpread(_ low: [Double?], _ high: [Double?]) -> Double? {
        var spreads: [Double] = []
        for index in 0..<min(low.count, high.count) {
            guard let l = low[index], let h = high[index] else { continue }
            let scale = max(abs(h), abs(l))
            let spread = scale > 0 ? (h - l) / scale : 0
            if spread.isFinite { spreads.append(spread) }
        }
        guard !spreads.isEmpty else { return nil }
        spreads.sort()
        return spreads[spreads.count / 2]
    }

    /// Whether `a` is the open and `b` the close (`true`), the reverse (`false`), or the rows
    /// cannot tell (`nil`), from how each follows the other's previous value in time.
    static func isOpenFirst(_ probe: TableProbe, time: Int, _ a: Int, _ b: Int) -> Bool? {
        let times = probe.seconds(time, monthFirst: true)
        let x = probe.columns[a].values
        let y = probe.columns[b].values
        let rows = times.indices.filter { $0 < x.count && $0 < y.count && times[$0] != nil }
            .sorted { (times[$0] ?? 0) < (times[$1] ?? 0) }
        var aOpens = 0.0  // a follows b's previous value
        var bOpens = 0.0
        var pairs = 0
        for (previous, current) in zip(rows, rows.dropFirst()) {
            guard let a0 = x[previous], let b0 = y[previous], let a1 = x[current], let b1 = y[current] else { continue }
            let gapA = abs(a1 - b0)
            let gapB = abs(b1 - a0)
            guard gapA.isFinite, gapB.isFinite else { continue }
            aOpens += gapA
            bOpens += gapB
            pairs += 1
        }
        guard pairs > 0, aOpens.isFinite, bOpens.isFinite else { return nil }
        if aOpens <= continuityRatio * bOpens, bOpens > 0 { return true }
        if bOpens <= continuityRatio * aOpens, aOpens > 0 { return false }
        return nil
    }

    private static func isBelow(_ a: [Double?], _ b: [Double?]) -> Bool {
        var rows = 0
        var exceptions = 0
        for index in 0..<min(a.count, b.count) {
            guard let x = a[index], let y = b[index] else { continue }
            rows += 1
            if x > y + relativeTolerance * max(abs(x), abs(y)) { exceptions += 1 }
        }
        return rows > 0 && exceptions <= allowedExceptions(rows)
    }
}
