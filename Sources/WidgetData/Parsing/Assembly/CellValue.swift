/// Turns a cell's ``NumberParser/Result`` into a value or a reason, naming the field.
enum CellValue {
    /// The value, or why there is none: `High is empty`, `Close "abc" has an unexpected 'a'`.
    static func read(_ result: NumberParser.Result, field: String, text: @autoclosure () -> String) -> Result<
        Double, Refusal
    > {
        switch result {
        case .value(let value): return .success(value)
        case .missing:
            let shown = text()
            let name = MessageText.name(field)
            return .failure(
                Refusal(
                    reason: shown.isEmpty
                        ? "\(name) is empty" : "\(name) is \(MessageText.cut(shown, limit: MessageText.quotedLimit))"))
        case .notFinite:
            return .failure(
                Refusal(
                    reason:
                        "\(MessageText.name(field)) is \(MessageText.cut(text(), limit: MessageText.quotedLimit)), not a finite number"
                ))
        case .outOfRange:
            return .failure(
                Refusal(
                    reason:
                        "\(MessageText.name(field)) \(MessageText.cut(text(), limit: MessageText.quotedLimit)) is too large for a number"
                ))
        case .invalid(let reason):
            return .failure(Refusal(reason: "\(MessageText.name(field)) \(MessageText.quote(text())) \(reason)"))
        }
    }

    /// Why a cell that is not a value is refused, or `""` for a value.
    static func reason(_ result: NumberParser.Result, field: String, text: @autoclosure () -> String) -> String {
        if case .failure(let refusal) = read(result, field: field, text: text()) { return refusal.reason }
        return ""
    }
}
