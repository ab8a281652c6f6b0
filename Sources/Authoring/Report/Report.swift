/// What a command computed, ready for any renderer: the terminal, a lesson page, JSON or CSV.
///
/// Commands build a `Report` and never print; renderers turn the same value into each place.
package struct Report: Sendable, Equatable {
    package var blocks: [Block] = []
    /// Values the command measured outside its tables, by key (`largestDifference`), for prose
    /// that reads a named cell's result (`CellResults`).
    package var measures: [String: Double] = [:]
    /// Numbers `--format json` puts at the top level beside a one-table report's rows (`sigma`
    /// for `explorer radius`): the JSON becomes an object of these and `rows`. Empty for most
    /// commands, whose one table prints as an array.
    package var jsonFields: [String: Double] = [:]

    package enum Block: Sendable, Equatable {
        /// A short paragraph of plain text.
        case text(String)
        /// Preformatted text: grids of numbers, source listings, sparklines.
        case preformatted(String)
        /// A table of values with units.
        case table(Table)
        /// A table for data (`--format csv|json|markdown` typed in a terminal) whose rows people
        /// already see in another form (a 2-D kernel's grid): the terminal and lesson pages show
        /// only `summary`, and a lesson writes no CSV for it.
        case dataTable(Table, summary: String)
        /// A figure written to disk: its path, alt text and caption.
        case figure(Figure)
        /// A caveat the reader must see (e.g. an unoptimised build).
        case warning(String)
        /// HTML only a lesson's HTML page shows (`PageExtra`); every other renderer ignores it.
        case pageExtra(PageExtra)
    }

    package mutating func text(_ s: String) { blocks.append(.text(s)) }
    package mutating func preformatted(_ s: String) { blocks.append(.preformatted(s)) }
    package mutating func table(_ t: Table) { blocks.append(.table(t)) }
    package mutating func dataTable(_ t: Table, summary: String) { blocks.append(.dataTable(t, summary: summary)) }
    package mutating func figure(_ f: Figure) { blocks.append(.figure(f)) }
    package mutating func warning(_ s: String) { blocks.append(.warning(s)) }
    package mutating func pageExtra(_ island: any HTMLIsland) { blocks.append(.pageExtra(PageExtra(island: island))) }

    /// The tables people see (a lesson writes each to a CSV file).
    package var tables: [Table] { blocks.compactMap { if case .table(let t) = $0 { t } else { nil } } }
    /// Every table, data tables included, for the data formats.
    package var dataTables: [Table] {
        blocks.compactMap {
            switch $0 {
            case .table(let t), .dataTable(let t, _): t;
            default: nil
            }
        }
    }
    package var figures: [Figure] { blocks.compactMap { if case .figure(let f) = $0 { f } else { nil } } }
    package var pageExtras: [PageExtra] { blocks.compactMap { if case .pageExtra(let e) = $0 { e } else { nil } } }

    /// Every stored property, as the memberwise initialiser takes them (that one is internal).
    package init(blocks: [Block] = [], measures: [String: Double] = [:], jsonFields: [String: Double] = [:]) {
        self.blocks = blocks
        self.measures = measures
        self.jsonFields = jsonFields
    }
}

/// A figure a command wrote.
package struct Figure: Sendable, Equatable {
    /// The file path as written (absolute or relative to the working folder).
    package var path: String
    /// A description of what the figure shows, for readers who cannot see it.
    package var altText: String
    package var caption: String?

    /// Every stored property, as the memberwise initialiser takes them (that one is internal).
    package init(path: String, altText: String, caption: String? = nil) {
        self.path = path
        self.altText = altText
        self.caption = caption
    }
}

/// A table: named columns with units, rows of cells that keep both the exact value and its text.
package struct Table: Sendable, Equatable {
    package struct Column: Sendable, Equatable {
        /// A stable key for JSON and CSV (`nsPerPixel`).
        package var key: String
        /// The heading a reader sees (`median`).
        package var title: String
        /// The unit, shown under or beside the title (`ns/px`); empty when none.
        package var unit: String = ""
        package var alignRight: Bool = true
        /// How readily a narrow terminal leaves the column out: 0 (the default) only after every
        /// text column has wrapped, higher numbers first. The page and the data formats always
        /// keep every column.
        package var priority: Int = 0

        /// Every stored property, as the memberwise initialiser takes them (that one is internal).
        package init(key: String, title: String, unit: String = "", alignRight: Bool = true, priority: Int = 0) {
            self.key = key
            self.title = title
            self.unit = unit
            self.alignRight = alignRight
            self.priority = priority
        }
    }

    /// One value: its exact form for data formats and its text for people.
    package struct Cell: Sendable, Equatable {
        package enum Value: Sendable, Equatable {
            case text(String)
            case number(Double)
            case integer(Int)
            case none
        }
        package var value: Value
        package var display: String

        package static func text(_ s: String) -> Cell { Cell(value: .text(s), display: s) }
        package static func integer(_ n: Int) -> Cell { Cell(value: .integer(n), display: String(n)) }
        package static let empty = Cell(value: .none, display: "—")
        /// A number shown with `digits` decimals (full precision kept for data formats).
        package static func number(_ x: Double, digits: Int) -> Cell {
            Cell(value: .number(x), display: NumberText.fixed(x, digits: digits))
        }
        /// A parameter such as σ, shown as a person writes it (1.5, 2, 0.25).
        package static func compact(_ x: Double, significant: Int = 6) -> Cell {
            Cell(value: .number(x), display: NumberText.compact(x, significant: significant))
        }
        /// A count such as reads per pixel: three significant digits, but every digit before the
        /// point (2401, not 2.4e+03).
        package static func count(_ x: Double) -> Cell {
            let digits = x >= 1 && x < 1e15 ? String(Int(x)).count : 1
            return compact(x, significant: max(3, digits))
        }
        /// A number shown with `significant` significant digits.
        package static func significant(_ x: Double, _ significant: Int) -> Cell {
            Cell(value: .number(x), display: NumberText.significant(x, significant))
        }

        /// Every stored property, as the memberwise initialiser takes them (that one is internal).
        package init(value: Value, display: String) {
            self.value = value
            self.display = display
        }
    }

    package var title: String?
    /// A file-name stem for the CSV a lesson writes (`errors-photo`); derived from the title when nil.
    package var name: String?
    package var columns: [Column]
    package var rows: [[Cell]] = []
    /// Lines printed under the table: what was measured, caveats, sources.
    package var notes: [String] = []
    /// A file that already holds every row (a plot's `.dat`): a typed command's terminal points
    /// to it instead of printing more than `TextRenderer.rowsBesideFile` rows.
    package var rowsFile: String?

    /// The stem of the CSV file a lesson page writes this table to: its name, or its title as a
    /// slug, or `table` (`CSVNames` adds `.csv` and any `-2`, `-3`, …).
    package var csvStem: String {
        let given = name ?? title.map(FileStem.slug) ?? ""
        return given.isEmpty ? "table" : given
    }

    package mutating func append(_ row: [Cell]) {
        precondition(row.count == columns.count, "row has \(row.count) cells for \(columns.count) columns")
        rows.append(row)
    }

    /// Every stored property, as the memberwise initialiser takes them (that one is internal).
    package init(
        title: String? = nil, name: String? = nil, columns: [Column], rows: [[Cell]] = [], notes: [String] = [],
        rowsFile: String? = nil
    ) {
        self.title = title
        self.name = name
        self.columns = columns
        self.rows = rows
        self.notes = notes
        self.rowsFile = rowsFile
    }
}

/// The CSV file names of one page's tables: each table's `csvStem` and `.csv`, with `-2`, `-3`,
/// … after the stem when the name is already taken.
///
/// Taken names are a set and each stem remembers its next number, so naming n tables costs
/// O(n), not O(n³) (a lesson of 2,000 cells of one table each took minutes).
package struct CSVNames {
    package private(set) var taken: Set<String> = []
    private var nextCopy: [String: Int] = [:]

    /// Names `table` and reserves the name.
    package mutating func claim(_ table: Table) -> String {
        let stem = table.csvStem
        var file = "\(stem).csv"
        var copy = nextCopy[stem] ?? 2
        if taken.contains(file) {
            repeat { file = "\(stem)-\(copy).csv"; copy += 1 } while taken.contains(file)
            nextCopy[stem] = copy
        }
        taken.insert(file)
        return file
    }

    /// No name taken yet.
    package init() {}
}
