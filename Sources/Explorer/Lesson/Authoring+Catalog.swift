import Authoring
import BlurKit

// What Authoring leaves to the executable because it needs the library or the shipped files:
// the blur methods' names (`MethodCatalog`) and the lessons folder when none is given.

extension LessonParser {
    /// Parses the lesson at `path`, whose `kind: method` parameters take the catalog's methods.
    ///
    /// - Throws: `LessonError` for a missing or unreadable file, or a problem in it.
    static func parse(fileAt path: String) throws(LessonError) -> Lesson {
        try parse(fileAt: path, methods: MethodCatalog.names)
    }

    /// Parses lesson text whose `kind: method` parameters take the catalog's methods; `path` names
    /// it in errors and gives its number and slug.
    static func parse(_ text: String, path: String) throws(LessonError) -> Lesson {
        try parse(text, path: path, methods: MethodCatalog.names)
    }
}

extension LessonLibrary {
    /// Lists the lessons in `folder`, or in `PackageFolders.lessons` (`./Lessons`, else the copy
    /// built into the binary) when nil.
    ///
    /// - Throws: `LessonError` when the folder is missing or two files share a number.
    init(folder: String?) throws(LessonError) {
        try self.init(folder: folder ?? PackageFolders.lessons)
    }
}
