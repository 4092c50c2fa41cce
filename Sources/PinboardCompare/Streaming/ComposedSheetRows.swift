import ImageInput
import Pinboard
import SheetManifest
import SheetOutput

/// A composed sheet read back as RGBA rows, so sheets in memory compare like files.
final class ComposedSheetRows: ImageRowReader, @unchecked Sendable {
    private let sheet: ComposedSheet
    private(set) var rowsRead = 0

    init(_ sheet: ComposedSheet) {
        self.sheet = sheet
    }

    var storedWidth: Int { sheet.width }
    var storedHeight: Int { sheet.height }
    var outputWidth: Int { sheet.width }
    var outputHeight: Int { sheet.height }
    var orientation: Orientation { .identity }

    func readRows(into destination: UnsafeMutableRawBufferPointer, stride: Int, count: Int) {
        let channels = sheet.format.channelCount
        sheet.pixels.withUnsafeBytes { pixels in
            for row in 0..<count {
                let source = (rowsRead + row) * sheet.bytesPerRow
                let target = row * stride
                if channels == 4 {
                    destination[target..<target + sheet.bytesPerRow].copyBytes(from: pixels[source..<source + sheet.bytesPerRow])
                } else {
                    for x in 0..<sheet.width {
                        destination[target + x * 4] = pixels[source + x * 3]
                        destination[target + x * 4 + 1] = pixels[source + x * 3 + 1]
                        destination[target + x * 4 + 2] = pixels[source + x * 3 + 2]
                        destination[target + x * 4 + 3] = 255
                    }
                }
            }
        }
        rowsRead += count
    }

    func finish() {}
}
