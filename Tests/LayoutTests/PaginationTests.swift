import Geometry
import Layout
import TestSupport
import Testing

@Suite("Pages")
struct PaginationTests {
    static func length(_ arrangement: MasonryArrangement, _ sources: ArraySlice<Size>) throws -> Int {
        let layout = try MasonryLayout(arrangement: arrangement, sources: Array(sources))
        return arrangement.configuration.direction == .vertical ? layout.sheet.height : layout.sheet.width
    }

    @Test("Hand-computed: squares in one 100 px lane, padding 5, pages of at most 230 px")
    func handComputed() throws {
        // Width 110, one lane, p = 5: tiles are 100 px wide; a square source is 100 px high,
        // a cell 110 px. Two cells make 220 ≤ 230, three make 330: two per page.
        let arrangement = try MasonryArrangement(configuration: LayoutConfiguration(breadth: 110, lanes: 1, padding: 5))
        let squares = Array(repeating: Size(width: 10, height: 10), count: 5)
        #expect(try Pagination.pages(arrangement: arrangement, sources: squares, maxLength: 230) == [0..<2, 2..<4, 4..<5])
        // A source taller than a page still gets a page of its own.
        let tall = [Size(width: 10, height: 10), Size(width: 10, height: 50), Size(width: 10, height: 10)]
        #expect(try Pagination.pages(arrangement: arrangement, sources: tall, maxLength: 230) == [0..<1, 1..<2, 2..<3])
    }

    @Test("Random boards: pages cover the sources in order, fit, and are as long as they can be", arguments: 0..<200)
    func property(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let direction: Direction = random.chance(1, in: 3) ? .horizontal : .vertical
        let arrangement = try MasonryArrangement(
            direction: direction, breadth: random.int(in: 60...900), lanes: random.int(in: 1...6),
            padding: random.int(in: 0...6), margin: random.int(in: 0...8),
            placement: random.chance(1, in: 4) ? .roundRobin : .shortest
        )
        let sources = (0..<random.int(in: 1...60)).map { _ in
            Size(width: random.int(in: 1...400), height: random.int(in: 1...400))
        }
        let maxLength = random.int(in: 50...2000)
        let pages = try Pagination.pages(arrangement: arrangement, sources: sources, maxLength: maxLength)
        #expect(pages.first?.lowerBound == 0 && pages.last?.upperBound == sources.count)
        for (page, next) in zip(pages, pages.dropFirst()) {
            #expect(page.upperBound == next.lowerBound)
        }
        for page in pages {
            #expect(!page.isEmpty)
            let fits = try Self.length(arrangement, sources[page]) <= maxLength
            #expect(fits || page.count == 1, "page \(page) is too long")
            if page.upperBound < sources.count {
                let longer = try Self.length(arrangement, sources[page.lowerBound...page.upperBound])
                #expect(longer > maxLength, "page \(page) could have taken one more source")
            }
        }
    }

    @Test("A page opens with the section its first source is in, then the sections starting inside it")
    func sectionsOfPage() {
        let starts = [0, 3, 7]
        #expect(Pagination.sections(of: 2..<8, in: starts).map(\.start) == [0, 1, 5])
        #expect(Pagination.sections(of: 2..<8, in: starts).map(\.section) == [0, 1, 2])
        #expect(Pagination.sections(of: 3..<5, in: starts).map(\.section) == [1])
        #expect(Pagination.sections(of: 0..<9, in: []).isEmpty)
    }

    @Test("Random boards in sections: pages fit with their headers and could not take one more source", arguments: 0..<100)
    func sectionsProperty(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let arrangement = try MasonryArrangement(
            breadth: random.int(in: 100...600), lanes: random.int(in: 1...4), padding: random.int(in: 0...4),
            sectionHeaderHeight: random.int(in: 0...30)
        )
        let sources = (0..<random.int(in: 2...40)).map { _ in Size(width: random.int(in: 1...300), height: random.int(in: 1...300)) }
        var starts = [0]
        for index in 1..<sources.count where random.chance(1, in: 4) { starts.append(index) }
        let maxLength = random.int(in: 80...1500)
        let pages = try Pagination.pages(arrangement: arrangement, sources: sources, sectionStarts: starts, maxLength: maxLength)
        #expect(pages.first?.lowerBound == 0 && pages.last?.upperBound == sources.count)
        func length(_ run: Range<Int>) throws -> Int {
            try MasonryLayout(
                arrangement: arrangement, sources: Array(sources[run]),
                sectionStarts: Pagination.sections(of: run, in: starts).map(\.start)
            ).sheet.height
        }
        for page in pages {
            #expect(try length(page) <= maxLength || page.count == 1)
            if page.upperBound < sources.count {
                #expect(try length(page.lowerBound..<page.upperBound + 1) > maxLength)
            }
        }
    }
}
