/// Decides, for one column of ``TimeToken``s, what a single cell cannot: whether `3/4/2021`
/// is March 4 or 3 April, and whether bare numbers are seconds or milliseconds.
///
/// - Day/month order, per separator (`/`, `-`, `.`): a date whose first number is above 12
///   puts the day first, one whose second number is above 12 puts the month first. Dates that
///   disagree are an error; when no date settles it, the format's `fallbackOrder` is used, and
///   without one the column is ambiguous, which is an error too.
/// - Unix times: the unit most cells have wins; a cell in the other unit is refused (the caller
///   warns and skips its record), so seconds mixed with milliseconds are never misplaced.
struct TimeColumn {
    /// The order used when no cell settles it; `nil` makes an unsettled column an error.
    var fallbackOrder: Order?
    /// Separators whose unsettled dates are read day first, before ``fallbackOrder``: the
    /// generic reader's `.` (`01.02.2024` is 1 February wherever dates are written with dots).
    var dayFirstSeparators: Set<UInt8> = []

    enum Order: Sendable {
        case monthFirst
        case dayFirst
    }

    private struct Evidence {
        var monthFirst: (position: Int, text: String)?
        var dayFirst: (position: Int, text: String)?
        var ambiguous: (position: Int, text: String)?
    }

    private var evidence: [UInt8: Evidence] = [:]
    private var secondsCount = 0
    private var millisecondsCount = 0
    private var firstUnit: EpochUnit?

    init(fallbackOrder: Order? = nil, dayFirstSeparators: Set<UInt8> = []) {
        self.fallbackOrder = fallbackOrder
        self.dayFirstSeparators = dayFirstSeparators
    }

    /// Notes what one cell says about the column; `position` is its line or index for messages.
    mutating func observe(_ token: TimeToken, position: Int) {
        switch token {
        case .dayMonth(let date):
            var entry = evidence[date.separator] ?? Evidence()
            if date.first > 12, date.second <= 12 {
                if entry.dayFirst == nil { entry.dayFirst = (position, date.text) }
            } else if date.second > 12, date.first <= 12 {
                if entry.monthFirst == nil { entry.monthFirst = (position, date.text) }
            } else if date.first != date.second, date.first <= 12, entry.ambiguous == nil {
                entry.ambiguous = (position, date.text)
            }
            evidence[date.separator] = entry
        case .epoch(_, let unit):
            if firstUnit == nil { firstUnit = unit }
            if unit == .seconds { secondsCount += 1 } else { millisecondsCount += 1 }
        case .instant, .invalid:
            break
        }
    }

    /// The decisions, or an error when the column contradicts itself or cannot be settled.
    ///
    /// - Parameters:
    ///   - source: the file, for messages.
    ///   - where: how to name a position in messages (`line 12`, `[3]`), and its location field.
    /// - Throws: ``DataError/malformed(source:location:reason:)``.
    func settle(source: String, describe: (Int) -> (location: String, name: String)) throws(DataError) -> Settled {
        var orders: [UInt8: Order] = [:]
        for (separator, entry) in evidence {
            switch (entry.monthFirst, entry.dayFirst) {
            case (let month?, let day?):
                let later = max(month.position, day.position)
                throw .malformed(
                    source: source, location: describe(later).location,
                    reason:
                        "dates disagree on the order of day and month: \(day.text) (\(describe(day.position).name)) puts the day first, \(month.text) (\(describe(month.position).name)) the month; write dates as YYYY-MM-DD"
                )
            case (.some, nil): orders[separator] = .monthFirst
            case (nil, .some): orders[separator] = .dayFirst
            case (nil, nil):
                if dayFirstSeparators.contains(separator) {
                    orders[separator] = .dayFirst
                } else if let fallbackOrder {
                    orders[separator] = fallbackOrder
                } else if let example = entry.ambiguous {
                    throw .malformed(
                        source: source, location: describe(example.position).location,
                        reason:
                            "\(example.text) could be day/month or month/day, and no date in the column has a day above 12 to tell; write dates as YYYY-MM-DD"
                    )
                } else {
                    orders[separator] = .monthFirst  // every date reads the same either way
                }
            }
        }
        let unit: EpochUnit? =
            secondsCount == millisecondsCount
            ? firstUnit : (secondsCount > millisecondsCount ? .seconds : .milliseconds)
        return Settled(orders: orders, unit: unit)
    }

    /// The decisions for one column.
    struct Settled {
        var orders: [UInt8: Order]
        var unit: EpochUnit?

        /// Seconds since 1970, or why the cell is refused.
        func seconds(_ token: TimeToken) -> Result<Double, Refusal> {
            switch token {
            case .instant(let seconds):
                return .success(seconds)
            case .invalid(let reason):
                return .failure(Refusal(reason: reason))
            case .epoch(let value, let cellUnit):
                guard let unit, cellUnit == unit else {
                    return .failure(
                        Refusal(
                            reason:
                                "\(value.formatted) looks like \(cellUnit.name), but most times in the file are \((unit ?? cellUnit).name)"
                        ))
                }
                return .success(unit.seconds(value))
            case .dayMonth(let date):
                let order = orders[date.separator] ?? .monthFirst
                guard let seconds = date.instant(monthFirst: order == .monthFirst) else {
                    let reading = order == .monthFirst ? "month first" : "day first"
                    return .failure(Refusal(reason: "\(date.text) is not a real date (read \(reading))"))
                }
                return .success(seconds)
            }
        }
    }
}

extension TimeColumn {
    /// Settles the column and gives each record that waited for it its time, or refuses it.
    ///
    /// - Parameters:
    ///   - waiting: the records' handles in their builder, with their cells.
    ///   - source: the file, for messages.
    ///   - describe: a position's location and name, as ``settle(source:describe:)`` takes.
    ///   - column: the column's name, for the reasons of records refused.
    ///   - resolve: gives a record its time.
    ///   - reject: skips a record with a reason.
    /// - Throws: as ``settle(source:describe:)``.
    func place(
        _ waiting: [(handle: Int, token: TimeToken)], source: String,
        describe: (Int) -> (location: String, name: String), column: String, resolve: (Int, Double) -> Void,
        reject: (Int, String) -> Void
    ) throws(DataError) {
        guard !waiting.isEmpty else { return }
        let settled = try settle(source: source, describe: describe)
        for (handle, token) in waiting {
            switch settled.seconds(token) {
            case .success(let seconds): resolve(handle, seconds)
            case .failure(let refusal): reject(handle, "\(column): \(refusal.reason)")
            }
        }
    }
}
