import Foundation
import PinboardIO
import SheetOutput
import Testing

@Suite("Sheets on a full disk")
struct FullDiskTests {
    @Test("A full disk is a WriteError with the system's errno", arguments: [SheetFormat.jpeg, .tiff])
    func fullDisk(format: SheetFormat) throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0, "no /dev/full")
        defer { close(fd) }
        let error = #expect(throws: WriteError.self) {
            try SampleSheet.gradient(channels: .rgb).write(toFileDescriptor: fd, name: "/dev/full", settings: EncodeSettings(format: format))
        }
        #expect(error == WriteError(path: "/dev/full", reason: .system(errno: ENOSPC)))
    }
}
