import Foundation
import PinboardIO
import SheetOutput
import Testing
import TestSupport

@Suite("Sheets on a full disk")
struct FullDiskTests {
    @Test("A full disk is a WriteError with the system's errno", arguments: [SheetFormat.jpeg, .tiff])
    func fullDisk(format: SheetFormat) throws {
        let devices = try TemporaryFolder()
        let fd = try #require(DeviceNode.openFull(in: devices), "no device node can be made here")
        defer { close(fd) }
        let error = #expect(throws: WriteError.self) {
            try SampleSheet.gradient(channels: .rgb).write(toFileDescriptor: fd, name: "/dev/full", settings: EncodeSettings(format: format))
        }
        #expect(error == WriteError(path: "/dev/full", reason: .system(errno: ENOSPC)))
    }
}
