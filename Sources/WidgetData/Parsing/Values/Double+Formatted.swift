extension Double {
    /// Whole numbers without a fraction, others as Swift prints them.
    var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}
