/// A column of numbers that gives back exactly the `Double`s put in, in a fraction of their
/// size: the storage behind ``OHLCBars``.
///
/// Numbers read from text are mostly decimals with few digits (`29039.01`, `1262304000`), so
/// each value `v` is kept as an integer `n` with `v == Double(n) / 10^e`, where the exponent
/// `e` is shared by the column, and `n` as a small difference from the column's first integer
/// (2 bytes while the differences fit, then 4). The equality is checked bit for bit on every
/// append, so nothing is ever rounded: both `Double(n)` and `10^e` are exact, and IEEE
/// division is correctly rounded, so the quotient is the one `Double` nearest `n / 10^e`. A
/// value that no exponent up to 9 makes exact (`1/3`, `1e300`, `-0.0`), or a difference too
/// wide for 4 bytes, turns the column into plain `Double`s for good.
///
/// A column can also hold "no value" (``appendNil()``), for the optional volume.
struct ExactColumn: Sendable {
    private enum Storage: Sendable {
        case narrow([Int16])
        case wide([Int32])
        case plain([Double])
    }

    private var storage: Storage = .narrow([])
    /// The integer every difference is from (the first value's integer).
    private var base: Int64?
    /// Values are `Double(base + difference) / 10^exponent`.
    private var exponent = 0
    /// The largest `|base + difference|`, so a higher exponent can be checked to stay exact.
    private var largest: Int64 = 0
    private var reserved = 0

    /// The largest exponent tried: 10^9 keeps nine decimals, more than any price or time carries.
    private static let maximumExponent = 9
    /// Integers up to 2^53 are exact in a `Double`.
    private static let exactLimit: Int64 = 1 << 53
    private static let integerPowers: [Int64] = (0...maximumExponent).map { exponent in
        (0..<exponent).reduce(1) { product, _ in product * 10 }
    }
    private static let powers: [Double] = integerPowers.map { Double($0) }
    /// "No value" in the integer storages (never a difference: those are kept above it) and in
    /// plain storage (a NaN no arithmetic or parser makes).
    private static let narrowNil = Int16.min
    private static let wideNil = Int32.min
    private static let plainNil = Double(bitPattern: 0x7FF8_0000_0D47_A001)

    init() {}

    /// The number of values.
    var count: Int {
        switch storage {
        case .narrow(let values): values.count
        case .wide(let values): values.count
        case .plain(let values): values.count
        }
    }

    /// Bytes per value as stored now (2, 4 or 8), for tests and the data rules.
    var bytesPerValue: Int {
        switch storage {
        case .narrow: 2
        case .wide: 4
        case .plain: 8
        }
    }

    /// Makes room for `count` values at once.
    mutating func reserve(_ count: Int) {
        reserved = max(0, count)
        switch storage {
        case .narrow(var values):
            storage = .narrow([])
            values.reserveCapacity(reserved)
            storage = .narrow(values)
        case .wide(var values):
            storage = .wide([])
            values.reserveCapacity(reserved)
            storage = .wide(values)
        case .plain(var values):
            storage = .plain([])
            values.reserveCapacity(reserved)
            storage = .plain(values)
        }
    }

    /// The value at `index`; `nil` where ``appendNil()`` put none.
    @inline(__always)
    subscript(optional index: Int) -> Double? {
        switch storage {
        case .narrow(let values):
            let difference = values[index]
            return difference == Self.narrowNil ? nil : decode(Int64(truncatingIfNeeded: difference))
        case .wide(let values):
            let difference = values[index]
            return difference == Self.wideNil ? nil : decode(Int64(truncatingIfNeeded: difference))
        case .plain(let values):
            let value = values[index]
            return value.bitPattern == Self.plainNil.bitPattern ? nil : value
        }
    }

    /// The value at `index` (NaN where there is none).
    subscript(index: Int) -> Double {
        self[optional: index] ?? .nan
    }

    @inline(__always)
    private func decode(_ difference: Int64) -> Double {
        Double((base ?? 0) + difference) / Self.powers[exponent]
    }

    /// Adds a value.
    mutating func append(_ value: Double) {
        if case .plain = storage {
            appendPlain(value)
            return
        }
        if let integer = Self.integer(value, exponent: exponent) {
            appendInteger(integer)
            return
        }
        // A finer exponent that makes this value exact and keeps the others so.
        for candidate in stride(from: exponent + 1, through: Self.maximumExponent, by: 1) {
            guard let integer = Self.integer(value, exponent: candidate),
                rescale(to: candidate)
            else { continue }
            appendInteger(integer)
            return
        }
        becomePlain()
        appendPlain(value)
    }

    /// Adds a whole number (a position in the input): no check is needed while the exponent is 0.
    mutating func append(whole value: Int) {
        guard exponent == 0, abs(value) < (1 << 51) else {
            append(Double(value))
            return
        }
        appendInteger(Int64(truncatingIfNeeded: value))
    }

    /// Adds "no value".
    mutating func appendNil() {
        switch storage {
        case .narrow(var values):
            storage = .narrow([])
            values.append(Self.narrowNil)
            storage = .narrow(values)
        case .wide(var values):
            storage = .wide([])
            values.append(Self.wideNil)
            storage = .wide(values)
        case .plain(var values):
            storage = .plain([])
            values.append(Self.plainNil)
            storage = .plain(values)
        }
    }

    /// Adds an optional value.
    mutating func append(optional value: Double?) {
        if let value { append(value) } else { appendNil() }
    }

    /// Replaces the value at `index`.
    mutating func set(_ value: Double, at index: Int) {
        // Rare (a time settled after the file is read): append, then move into place.
        append(value)
        move(from: count - 1, to: index)
        removeLast(1)
    }

    /// Copies the value at `source` over the one at `destination`.
    mutating func move(from source: Int, to destination: Int) {
        switch storage {
        case .narrow(var values):
            storage = .narrow([])
            values[destination] = values[source]
            storage = .narrow(values)
        case .wide(var values):
            storage = .wide([])
            values[destination] = values[source]
            storage = .wide(values)
        case .plain(var values):
            storage = .plain([])
            values[destination] = values[source]
            storage = .plain(values)
        }
    }

    /// Removes the last `k` values.
    mutating func removeLast(_ k: Int) {
        switch storage {
        case .narrow(var values):
            storage = .narrow([])
            values.removeLast(k)
            storage = .narrow(values)
        case .wide(var values):
            storage = .wide([])
            values.removeLast(k)
            storage = .wide(values)
        case .plain(var values):
            storage = .plain([])
            values.removeLast(k)
            storage = .plain(values)
        }
    }

    /// Puts the values in a new order: value `i` becomes the one at `order[i]`.
    mutating func reorder(_ order: [Int]) {
        switch storage {
        case .narrow(let values): storage = .narrow(order.map { values[$0] })
        case .wide(let values): storage = .wide(order.map { values[$0] })
        case .plain(let values): storage = .plain(order.map { values[$0] })
        }
    }

    /// Gives back room reserved beyond the values held (a file's line count, when rows were skipped).
    mutating func trim() {
        guard reserved > count + count / 8 else { return }
        reserved = count
        switch storage {
        // A copy from a buffer pointer has exactly the room its values need.
        case .narrow(let values): storage = .narrow(values.withUnsafeBufferPointer { Array($0) })
        case .wide(let values): storage = .wide(values.withUnsafeBufferPointer { Array($0) })
        case .plain(let values): storage = .plain(values.withUnsafeBufferPointer { Array($0) })
        }
    }

    /// Stores the values again from the start, when they became plain `Double`s that need not
    /// be (milliseconds turned into seconds); costs their size once more for a moment.
    mutating func compact() {
        guard case .plain(let values) = storage else { return }
        var fresh = ExactColumn()
        fresh.reserve(values.count)
        for value in values {
            if value.bitPattern == Self.plainNil.bitPattern { fresh.appendNil() } else { fresh.append(value) }
        }
        if fresh.bytesPerValue < bytesPerValue { self = fresh }
    }

    // MARK: - Encoding

    /// `n` with `Double(n) / 10^exponent` bit-identical to `value`, or `nil`.
    private static func integer(_ value: Double, exponent: Int) -> Int64? {
        let power = powers[exponent]
        let product = value * power
        guard abs(product) < 0x1p51 else { return nil }
        // Rounds to the nearest integer without a call to libm: below 2^51, adding and taking
        // away 1.5 × 2^52 leaves no fraction bits (a quarter of the parse's time went to `round`).
        let scaled = (product + 0x1.8p52) - 0x1.8p52
        guard let integer = Int64(exactly: scaled) else { return nil }
        guard (Double(integer) / power).bitPattern == value.bitPattern else { return nil }
        return integer
    }

    private mutating func appendInteger(_ integer: Int64) {
        let base = self.base ?? integer
        self.base = base
        largest = max(largest, abs(integer))  // below 2^53
        let difference = integer - base  // both below 2^53 in magnitude: cannot overflow
        switch storage {
        case .narrow(var values):
            if difference > Int64(truncatingIfNeeded: Self.narrowNil),
                difference <= Int64(truncatingIfNeeded: Int16.max)
            {
                storage = .narrow([])
                values.append(Int16(truncatingIfNeeded: difference))  // in range: checked above
                storage = .narrow(values)
                return
            }
            becomeWide()
            appendInteger(integer)
        case .wide(var values):
            if difference > Int64(truncatingIfNeeded: Self.wideNil), difference <= Int64(truncatingIfNeeded: Int32.max)
            {
                storage = .wide([])
                values.append(Int32(truncatingIfNeeded: difference))  // in range: checked above
                storage = .wide(values)
                return
            }
            becomePlain()
            appendPlain(decodeInteger(integer))
        case .plain:
            appendPlain(decodeInteger(integer))
        }
    }

    private func decodeInteger(_ integer: Int64) -> Double {
        Double(integer) / Self.powers[exponent]
    }

    private mutating func appendPlain(_ value: Double) {
        guard case .plain(var values) = storage else { return }
        storage = .plain([])
        values.append(value)
        storage = .plain(values)
    }

    /// Moves to a finer exponent, when every value held stays exact and its difference fits
    /// 4 bytes; false otherwise. The differences and the base scale by the same power of ten.
    private mutating func rescale(to newExponent: Int) -> Bool {
        let factor = Self.integerPowers[newExponent - exponent]
        guard largest <= Self.exactLimit / factor else { return false }
        switch storage {
        case .narrow(let values):
            let widest =
                values.lazy.filter { $0 != Self.narrowNil }.map { UInt64(truncatingIfNeeded: $0.magnitude) }.max() ?? 0
            let scaled = widest * factor.magnitude  // below 2^15 × 10^9
            if scaled <= Int16.max.magnitude {
                storage = .narrow(values.map { $0 == Self.narrowNil ? $0 : $0 * Int16(truncatingIfNeeded: factor) })
            } else if scaled <= Int32.max.magnitude {
                storage = .wide(
                    values.map {
                        $0 == Self.narrowNil
                            ? Self.wideNil : Int32(truncatingIfNeeded: $0) * Int32(truncatingIfNeeded: factor)
                    })
            } else {
                return false
            }
        case .wide(let values):
            let widest =
                values.lazy.filter { $0 != Self.wideNil }.map { UInt64(truncatingIfNeeded: $0.magnitude) }.max() ?? 0
            guard widest * factor.magnitude <= Int32.max.magnitude else { return false }
            storage = .wide(values.map { $0 == Self.wideNil ? $0 : $0 * Int32(truncatingIfNeeded: factor) })
        case .plain:
            return false
        }
        base = base.map { $0 * factor }
        largest *= factor
        exponent = newExponent
        return true
    }

    private mutating func becomeWide() {
        guard case .narrow(let values) = storage else { return }
        var wide: [Int32] = []
        wide.reserveCapacity(max(reserved, values.count))
        for value in values { wide.append(value == Self.narrowNil ? Self.wideNil : Int32(truncatingIfNeeded: value)) }
        storage = .wide(wide)
    }

    private mutating func becomePlain() {
        var plain: [Double] = []
        plain.reserveCapacity(max(reserved, count))
        for index in 0..<count { plain.append(self[optional: index] ?? Self.plainNil) }
        storage = .plain(plain)
    }
}
