/// How a method stores the image between its passes.
///
/// The explorer keeps Float32 values between passes, so the only rounding to 8 bits is the
/// one when the result is written. Libraries that blur 8-bit images in place store every pass
/// as 8-bit levels again: Pillow's `GaussianBlur` rounds after each of its box passes, OpenCV's
/// 8-bit `stackBlur` after each direction. `eightBit` reproduces that arithmetic, so a run can
/// match the library and show what the intermediate rounding costs against the exact filter.
public enum PassStorage: String, Sendable, CaseIterable {
    /// Float32 values between passes (the default).
    case float32
    /// 8-bit levels between passes, rounded as the library the method reproduces rounds them.
    case eightBit = "8-bit"
}
