extension Double {
    /// Whole numbers without a fraction, others as Swift prints them.
    var formatted: String {
        if self == rounded(), abs(self) < 1e15, let whole = Int64(exactly: self) { return String(whole) }
        return String(self)
    }
}
