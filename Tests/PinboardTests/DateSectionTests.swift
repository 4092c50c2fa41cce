@testable import Pinboard
import Testing
import TestSupport

/// `--group-by year|month|day`: sections by date taken, in date order, headed as ISO dates.
@Suite("Date sections")
struct DateSectionTests {
    static func sections(_ grouping: SectionGrouping, sort: SortKey? = nil) throws -> [(start: Int, name: String)] {
        let folder = try SourceOrderTests.folder(modified: ["i-no-exif.png": 1_488_510_183])
        var options = SheetOptions()
        options.grouping = grouping
        options.sort = sort
        let plan = try SheetPlanner.plan(inputs: [folder.path], options: options)
        return zip(plan.layout.sectionStarts, plan.sectionNames).map { ($0, $1) }
    }

    @Test("Year, month and day sections of the dated fixtures, sorted by date taken", arguments: [
        (SectionGrouping.year, [(0, "2017"), (1, "2018"), (2, "2019"), (3, "2020"), (4, "2021"), (6, "2022"), (7, "2024")]),
        (.month, [(0, "2017-03"), (1, "2018-07"), (2, "2019-12"), (3, "2020-05"), (4, "2021-06"), (5, "2021-09"), (6, "2022-02"), (7, "2024-06")]),
        (.day, [(0, "2017-03-03"), (1, "2018-07-04"), (2, "2019-12-31"), (3, "2020-05-05"), (4, "2021-06-17"), (5, "2021-09-01"),
                (6, "2022-02-02"), (7, "2024-06-17")]),
    ])
    func dates(grouping: SectionGrouping, expected: [(Int, String)]) throws {
        let sections = try Self.sections(grouping)
        #expect(sections.map(\.start) == expected.map(\.0))
        #expect(sections.map(\.name) == expected.map(\.1))
    }

    @Test("Another --sort keeps its order: a section starts wherever the date changes")
    func runs() throws {
        let sections = try Self.sections(.year, sort: .name)
        // a 2021, b 2020, c 2022, d 2019, e 2021, f 2018, g h 2024, i 2017.
        #expect(sections.map(\.name) == ["2021", "2020", "2022", "2019", "2021", "2018", "2024", "2017"])
    }

    /// Headed by the folders' names below the folder argument, not by their paths.
    @Test("Folder sections are headed by the folders' names")
    func folders() throws {
        let folder = try TemporaryFolder()
        try folder.folders("b", "a")
        try folder.copy(["dates/c-png.png": "b/1.png", "dates/h-equal.png": "a/1.png"])
        var options = SheetOptions()
        options.grouping = .folder
        options.recursive = true
        #expect(try SheetPlanner.plan(inputs: [folder.path], options: options).sectionNames == ["a", "b"])
        #expect(SectionGrouping.folderName(path: "../trips/oslo/a.jpg", name: "oslo/a.jpg") == "oslo")
        #expect(SectionGrouping.folderName(path: "../trips/a.jpg", name: "a.jpg") == "trips")
        #expect(SectionGrouping.folderName(path: "a.jpg", name: "a.jpg") == ".")
    }
}
