/// How a blur treats the colour of partly transparent pixels.
///
/// A pixel stores straight colour C and coverage α. Averaging straight colours gives each
/// neighbour's colour a full vote even where α = 0, so whatever colour a transparent pixel
/// happens to store (often black) bleeds into the visible edge. Averaging premultiplied colour
/// αC and dividing by the averaged α weighs each colour by how much of it is there
/// (Porter and Duff 1984; Smith, "Image Compositing Fundamentals", 1995).
public enum AlphaMode: String, CaseIterable, Sendable {
    /// Multiply RGB by α, blur, divide by the blurred α: the right blur for compositing.
    case premultiplied
    /// Blur RGB and α as stored, each channel on its own: shows the fringe the mistake makes.
    case straight
}
