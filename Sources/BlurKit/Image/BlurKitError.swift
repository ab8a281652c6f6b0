/// Every failure BlurKit reports: one line that says what is wrong and where.
public struct BlurKitError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
