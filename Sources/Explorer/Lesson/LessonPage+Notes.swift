/// A page says each table note once: a long note that several cells' tables share (`compare`'s
/// ~70 words on the reference) is printed under the first table that has it; later tables keep
/// only their new notes, and their glossary line ("Columns explained: …") links the columns.
extension LessonPage {
    /// `item`, a shown cell, with the notes already in `seen` left out of its tables; adds its
    /// notes to `seen`. Prose and hidden cells pass unchanged.
    static func notesOnce(_ item: LessonRunner.Item, seen: inout Set<String>) -> LessonRunner.Item {
        guard case .cell(let cell) = item, !cell.hidden else { return item }
        var shown = cell
        for index in shown.report.blocks.indices {
            guard case .table(var table) = shown.report.blocks[index] else { continue }
            let fresh = table.notes.filter { !seen.contains($0) }
            seen.formUnion(table.notes)
            table.notes = fresh
            shown.report.blocks[index] = .table(table)
        }
        return .cell(shown)
    }
}
