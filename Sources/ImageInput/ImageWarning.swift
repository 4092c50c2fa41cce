/// Damage a decode read past, with the file it concerns: `shot.png: the PNG file ends
/// without its IEND chunk after complete image data; read as it is`.
public typealias ImageWarning = PathFailure<ToleratedDamage>
