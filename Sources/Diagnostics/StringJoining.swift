extension String {
    /// `first + second + third`, made in one string of their size (two appends would grow it twice):
    /// for paths and ids made once per card or per written file.
    public init(concatenating first: String, _ second: String, _ third: String) {
        self = ""
        reserveCapacity(first.utf8.count + second.utf8.count + third.utf8.count)
        self += first
        self += second
        self += third
    }
}
