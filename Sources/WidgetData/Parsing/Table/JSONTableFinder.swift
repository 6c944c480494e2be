/// Finds the tables in a JSON document that no named format claims: the document itself, or
/// one it wraps (`{"data": […]}`, `{"chart": {"result": [{…}]}}`, Alpha Vantage's
/// `{"Meta Data": …, "Time Series (Daily)": {…}}`).
///
/// The search is breadth first, through objects and one-element arrays, and bounded: at most
/// ``maximumVisits`` containers, ``maximumDepth`` levels, the first ``membersLooked`` members
/// of each object. It never walks the elements of a long array, so its cost does not grow
/// with the number of records.
enum JSONTableFinder {
    static var maximumVisits: Int { 2_048 }
    static var maximumDepth: Int { 8 }
    static var membersLooked: Int { 256 }
    /// How many levels of objects the arrays read side by side may be nested in (Yahoo's
    /// `indicators.quote[0].close` beside `timestamp`).
    static var columnDepth: Int { 3 }

    /// Every table found, shallowest first.
    static func candidates(in document: JSONDocument) -> [JSONTableCursor] {
        var found: [JSONTableCursor] = []
        var queue: [(value: JSONValue, path: [String], depth: Int)] = [(document.root, [], 0)]
        var head = 0
        while head < queue.count, head < maximumVisits {
            let (value, path, depth) = queue[head]
            head += 1
            let here = tables(at: value, path: path)
            found += here
            guard depth < maximumDepth else { continue }
            switch value.kind {
            case .object where here.isEmpty:
                for (key, member) in value.memberSequence.prefix(membersLooked)
                where member.kind == .object || member.kind == .array {
                    queue.append((member, path + [key.string ?? ""], depth + 1))
                }
            case .array where value.count == 1:
                // A wrapper (`[{…}]`): look inside it whatever it was read as.
                if let only = value.elementSequence.first(where: { _ in true }), !only.isScalar {
                    queue.append((only, path + ["[0]"], depth + 1))
                }
            default:
                break
            }
        }
        return found
    }

    /// The tables `value` itself is, if any.
    private static func tables(at value: JSONValue, path: [String]) -> [JSONTableCursor] {
        switch value.kind {
        case .array:
            guard value.count > 0 else { return [] }
            let sample = Array(value.elementSequence.prefix(20))
            if sample.allSatisfy({ $0.kind == .object }) {
                let keys = JSONTableCursor.RecordKeys(value.elementSequence, offset: 0)
                guard keys.names.count >= 2 else { return [] }
                return [JSONTableCursor(.records(value, keys), table: value, names: keys.names, path: path)]
            }
            if sample.allSatisfy({ $0.kind == .array }) {
                let width = min(sample.map(\.count).max() ?? 0, 64)
                guard width >= 2 else { return [] }
                return [
                    JSONTableCursor(
                        .rows(value, index: nil, width: width), table: value,
                        names: (1...width).map { "column \($0)" }, path: path)
                ]
            }
            return []
        case .object:
            if let split = split(value, path: path) { return [split] }
            var result: [JSONTableCursor] = []
            if let keyed = keyed(value, path: path) { result.append(keyed) }
            var arrays: [(name: String, array: JSONValue)] = []
            gatherColumns(value, depth: 0, into: &arrays)
            if let columns = sideBySide(arrays) {
                result.append(
                    JSONTableCursor(
                        .columns(columns.map(\.array)), table: value, names: columns.map(\.name), path: path))
            }
            return result
        default:
            return []
        }
    }

    /// pandas `orient="split"`: `{"columns": […], "index": […], "data": [[…], …]}`.
    private static func split(_ value: JSONValue, path: [String]) -> JSONTableCursor? {
        guard let columns = value["columns"], columns.kind == .array, let data = value["data"], data.kind == .array,
            columns.count >= 1, columns.count <= 256
        else { return nil }
        let names = columns.elementSequence.compactMap(\.string)
        guard names.count == columns.count else { return nil }
        let index = value["index"].flatMap { $0.kind == .array && $0.count == data.count ? $0 : nil }
        return JSONTableCursor(
            .rows(data, index: index, width: names.count), table: data, names: (index == nil ? [] : ["index"]) + names,
            path: path + ["data"])
    }

    /// An object of objects keyed by time (pandas `index`), or of columns keyed by time
    /// (pandas `columns`, `to_json()`'s default).
    private static func keyed(_ value: JSONValue, path: [String]) -> JSONTableCursor? {
        let members = Array(value.memberSequence.prefix(20))
        guard !members.isEmpty, members.allSatisfy({ $0.value.kind == .object }) else { return nil }
        if members.prefix(5).allSatisfy({ isTime($0.key) }) {
            let keys = JSONTableCursor.RecordKeys(value.memberSequence.lazy.map(\.value), offset: 1)
            guard !keys.names.isEmpty else { return nil }
            // The key column is named after the object that holds it: `Time Series (Daily)`.
            let keyName = path.last { !$0.hasPrefix("[") } ?? "index"
            return JSONTableCursor(
                .keyedRecords(value, keys), table: value, names: [keyName] + keys.names, path: path)
        }
        guard let first = members.first?.value, first.count > 0,
            first.memberSequence.prefix(5).allSatisfy({ isTime($0.key) && $0.value.isScalar }),
            value.count <= JSONTableCursor.RecordKeys.maximumColumns
        else { return nil }
        let objects = value.memberSequence.map(\.value)
        guard objects.allSatisfy({ $0.kind == .object }) else { return nil }
        return JSONTableCursor(
            .keyedColumns(objects), table: value, names: ["index"] + value.memberSequence.map { $0.key.string ?? "" },
            path: path)
    }

    /// Whether a key reads as a date or time.
    private static func isTime(_ key: JSONValue) -> Bool {
        if case .invalid = key.time { return false }
        return true
    }

    /// The arrays of plain values in `object`, in objects it holds, and in one-element arrays of
    /// objects, to ``columnDepth`` levels.
    private static func gatherColumns(
        _ object: JSONValue, depth: Int, into arrays: inout [(name: String, array: JSONValue)]
    ) {
        for (key, member) in object.memberSequence.prefix(membersLooked) {
            guard arrays.count < JSONTableCursor.RecordKeys.maximumColumns else { return }
            switch member.kind {
            case .array:
                let first = member.elementSequence.first { _ in true }
                if member.count == 1, let first, first.kind == .object {
                    if depth < columnDepth { gatherColumns(first, depth: depth + 1, into: &arrays) }
                } else if member.count > 0, first?.isScalar == true {
                    arrays.append((key.string ?? "", member))
                }
            case .object where depth < columnDepth:
                gatherColumns(member, depth: depth + 1, into: &arrays)
            default:
                break
            }
        }
    }

    /// The largest set of at least two arrays of one length, in document order.
    private static func sideBySide(_ arrays: [(name: String, array: JSONValue)]) -> [(name: String, array: JSONValue)]?
    {
        var byLength: [Int: [Int]] = [:]
        for (index, column) in arrays.enumerated() { byLength[column.array.count, default: []].append(index) }
        guard
            let best = byLength.max(by: { ($0.value.count, $0.key) < ($1.value.count, $1.key) }),
            best.value.count >= 2
        else { return nil }
        return best.value.map { arrays[$0] }
    }
}
