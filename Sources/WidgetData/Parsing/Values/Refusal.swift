/// Why a cell (a time, a price, a count) was refused, for a warning or an error.
struct Refusal: Error {
    var reason: String
}
