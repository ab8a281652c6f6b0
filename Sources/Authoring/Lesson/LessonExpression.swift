import Foundation

/// A small expression language for lesson text: `{{ floor(3 * sigma + 0.5) }}`, `{{ image.width / 2 }}`,
/// `{{ if(reach > shift, "farther", "less far") }}`.
///
/// Numbers are Float64; text is in double or single quotes; a parameter's value is text that also
/// serves as a number where it reads as one. Operators, loosest first: `or`, `and`, `not`,
/// comparisons (`< <= > >= == !=`), `+ -`, `* / %`, unary `-`, `^` (power, right-associative).
/// Functions: `floor`, `ceil`, `round`, `abs`, `sqrt`, `exp`, `log`, `min`, `max`, `odd` (the
/// next odd whole number at or above), `if(condition, then, else)`, and `fixed(x, digits)`, which
/// writes x with that many decimals; `pi` is π. A whole number prints without a decimal point; other numbers
/// with six significant digits (`NumberText.compact`).
///
/// Every number an expression makes is finite: a result that overflows (`10^400`) or is not a
/// number (`(-8)^(1/3)`) is an error, as `1/0` is. Brackets and calls nest at most
/// `maximumDepth` deep, so no expression, however long, can exhaust the stack: chains of `not`,
/// unary `-` and `^` are read in loops, not by recursion.
package enum LessonExpression {
    /// A value: a number, text or a truth value.
    package enum Value: Equatable, Sendable {
        case number(Double)
        case text(String)
        case bool(Bool)
        /// A picture, per pixel: a register of the `PixelProgram` being compiled
        /// (`PixelExpression`); never a value of lesson text.
        case plane(Int)

        /// The value as a number, when it is one or is text that reads as one (a true minus `−`,
        /// as tables write `1.4e−5`, reads as `-`).
        package var number: Double? {
            switch self {
            case .number(let x): x
            case .text(let s): Double(s) ?? Double(s.replacingOccurrences(of: "−", with: "-"))
            case .bool, .plane: nil
            }
        }

        /// How the value is written into text.
        package var rendered: String {
            switch self {
            case .number(let x):
                if x.rounded() == x, abs(x) < 1e15 { return String(Int(x)) }
                return NumberText.compact(x)
            case .text(let s): return s
            case .bool(let b): return b ? "true" : "false"
            case .plane: return "a picture"
            }
        }
    }

    /// An expression that cannot be read or evaluated; the message says what and where in it.
    package struct Failure: Error, Equatable {
        package var message: String
    }

    /// Evaluates `text` with the names in `environment`.
    package static func evaluate(_ text: String, in environment: [String: Value]) throws(Failure) -> Value {
        var parser = Parser(text: text, environment: environment)
        let value = try parser.expression()
        parser.skipBlanks()
        guard parser.atEnd else { throw parser.failure("unexpected '\(parser.rest)'") }
        return value
    }

    package static let functions =
        ["floor", "ceil", "round", "abs", "sqrt", "exp", "log", "min", "max", "odd", "if", "fixed"]

    /// Names an expression gives a meaning of its own: a parameter or value so named would be
    /// shadowed (`true`, `false`, the operator words) or would silently shadow (`pi`).
    package static let reservedNames: Set<String> = ["pi", "true", "false", "and", "or", "not"]

    /// How deep brackets and function calls may nest: far beyond what a lesson needs, far below
    /// what would exhaust a thread's stack (each level takes eight frames of the parser).
    package static let maximumDepth = 64

    /// A recursive-descent parser that evaluates as it reads.
    package struct Parser {
        package var scalars: [Character]
        package var position = 0
        package var text: String
        package var environment: [String: Value]
        /// How many brackets and calls are open where the parser is.
        package var depth = 0
        /// The per-pixel program arithmetic on pictures (`.plane`) is compiled into; nil for
        /// lesson text, whose environment holds no pictures.
        package var program: PixelProgram?

        package init(text: String, environment: [String: Value]) {
            self.text = text
            self.scalars = Array(text)
            self.environment = environment
        }

        package var atEnd: Bool { position >= scalars.count }
        package var rest: String { String(scalars[min(position, scalars.count)...]) }

        /// A failure naming the expression, shortened to its first 60 characters when longer.
        package func failure(_ message: String) -> Failure {
            let shown = scalars.count > 60 ? String(scalars[..<60]) + "…" : text
            return Failure(message: "in '\(shown)': \(message)")
        }

        /// `x` as a value, or a failure when it is infinite or not a number.
        package func finite(_ x: Double, _ operation: @autoclosure () -> String) throws(Failure) -> Value {
            guard x.isFinite else {
                throw failure("\(operation()) is \(x.isNaN ? "not a number" : "too large to be a finite number")")
            }
            return .number(x)
        }

        /// Opens one level of brackets or a call; fails beyond `maximumDepth`.
        package mutating func enter() throws(Failure) {
            depth += 1
            guard depth <= LessonExpression.maximumDepth else {
                throw failure("brackets and calls nest more than \(LessonExpression.maximumDepth) deep")
            }
        }

        package mutating func skipBlanks() {
            while !atEnd, scalars[position] == " " { position += 1 }
        }

        /// Consumes `token` (after blanks) when it comes next; words must end there.
        package mutating func take(_ token: String) -> Bool {
            skipBlanks()
            var index = position
            for c in token {
                guard index < scalars.count, scalars[index] == c else { return false }
                index += 1
            }
            if token.last!.isLetter, index < scalars.count, scalars[index].isLetter { return false }
            position = index
            return true
        }

        package mutating func expression() throws(Failure) -> Value {
            var left = try conjunction()
            while take("or") {
                let right = try conjunction()
                let a = try truth(left), b = try truth(right)
                left = .bool(a || b)
            }
            return left
        }

        package mutating func conjunction() throws(Failure) -> Value {
            var left = try negation()
            while take("and") {
                let right = try negation()
                let a = try truth(left), b = try truth(right)
                left = .bool(a && b)
            }
            return left
        }

        package mutating func negation() throws(Failure) -> Value {
            var negations = 0
            while take("not") { negations += 1 }
            let value = try comparison()
            guard negations > 0 else { return value }
            let b = try truth(value)
            return .bool(negations % 2 == 1 ? !b : b)
        }

        package mutating func comparison() throws(Failure) -> Value {
            let left = try sum()
            for op in ["<=", ">=", "==", "!=", "<", ">"] where take(op) {
                let right = try sum()
                if case .plane = left { throw failure("'\(op)' compares numbers, not pictures (use max, min, abs)") }
                if case .plane = right { throw failure("'\(op)' compares numbers, not pictures (use max, min, abs)") }
                if op == "==" || op == "!=" {
                    let equal: Bool
                    if let a = left.number, let b = right.number {
                        equal = a == b
                    } else {
                        equal = left.rendered == right.rendered
                    }
                    return .bool(op == "==" ? equal : !equal)
                }
                let a = try number(left), b = try number(right)
                switch op {
                case "<": return .bool(a < b)
                case "<=": return .bool(a <= b)
                case ">": return .bool(a > b)
                default: return .bool(a >= b)
                }
            }
            return left
        }

        package mutating func sum() throws(Failure) -> Value {
            var left = try product()
            while true {
                if take("+") {
                    let right = try product()
                    if let compiled = try emit(.add, left, right) { left = compiled; continue }
                    let a = try number(left), b = try number(right)
                    left = try finite(a + b, "\(Value.number(a).rendered) + \(Value.number(b).rendered)")
                } else if take("-") {
                    let right = try product()
                    if let compiled = try emit(.subtract, left, right) { left = compiled; continue }
                    let a = try number(left), b = try number(right)
                    left = try finite(a - b, "\(Value.number(a).rendered) - \(Value.number(b).rendered)")
                } else {
                    return left
                }
            }
        }

        package mutating func product() throws(Failure) -> Value {
            var left = try unary()
            while true {
                if take("*") {
                    let right = try unary()
                    if let compiled = try emit(.multiply, left, right) { left = compiled; continue }
                    let a = try number(left), b = try number(right)
                    left = try finite(a * b, "\(Value.number(a).rendered) * \(Value.number(b).rendered)")
                } else if take("/") {
                    let right = try unary()
                    if let compiled = try emit(.divide, left, right) { left = compiled; continue }
                    let divisor = try number(right)
                    guard divisor != 0 else { throw failure("division by zero") }
                    let a = try number(left)
                    left = try finite(a / divisor, "\(Value.number(a).rendered) / \(Value.number(divisor).rendered)")
                } else if take("%") {
                    let divisor = try number(try unary())
                    guard divisor != 0 else { throw failure("remainder by zero") }
                    left = .number((try number(left)).truncatingRemainder(dividingBy: divisor))
                } else {
                    return left
                }
            }
        }

        /// Unary minus and `^` (right-associative, binding tighter than minus: `-2^2` is -4,
        /// `2^-1^2` is 2^-(1^2)), read in a loop: a chain of any length takes no more stack than one operator.
        package mutating func unary() throws(Failure) -> Value {
            // Each operand of a chain `-a ^ -b ^ c`, with the minuses before it, which apply to
            // the power that starts there.
            var operands: [(minuses: Int, value: Value)] = []
            repeat {
                var minuses = 0
                while take("-") { minuses += 1 }
                operands.append((minuses, try primary()))
            } while take("^")
            if operands.count == 1 && operands[0].minuses == 0 { return operands[0].value }
            if operands.contains(where: { $0.value.isPlane }) {
                var power = operands[operands.count - 1].value
                for index in operands.indices.reversed() {
                    if index < operands.count - 1 { power = try emit(.power, operands[index].value, power) ?? power }
                    if operands[index].minuses % 2 == 1 { power = try emit(.subtract, .number(0), power) ?? power }
                }
                return power
            }
            var power = 0.0
            for index in operands.indices.reversed() {
                let x = try number(operands[index].value)
                if index == operands.count - 1 {
                    power = x
                } else {
                    power = try number(
                        try finite(
                            Foundation.pow(x, power),
                            "\(x < 0 ? "(\(Value.number(x).rendered))" : Value.number(x).rendered)^\(Value.number(power).rendered)"
                        ))
                }
                if operands[index].minuses % 2 == 1 { power = -power }
            }
            return .number(power)
        }

        package mutating func primary() throws(Failure) -> Value {
            skipBlanks()
            guard !atEnd else { throw failure("an expression ends too early") }
            let c = scalars[position]
            if take("(") {
                try enter()
                let value = try expression()
                guard take(")") else { throw failure("a '(' is not closed") }
                depth -= 1
                return value
            }
            if c == "\"" || c == "'" {
                position += 1
                let start = position
                while !atEnd, scalars[position] != c { position += 1 }
                guard !atEnd else { throw failure("the quote \(c) is not closed") }
                let value = String(scalars[start..<position])
                position += 1
                return .text(value)
            }
            if c.isNumber || c == "." {
                let start = position
                while !atEnd, scalars[position].isNumber || scalars[position] == "." { position += 1 }
                if !atEnd, scalars[position] == "e" || scalars[position] == "E" {
                    position += 1
                    if !atEnd, scalars[position] == "-" || scalars[position] == "+" { position += 1 }
                    while !atEnd, scalars[position].isNumber { position += 1 }
                }
                let digits = String(scalars[start..<position])
                guard let x = Double(digits) else { throw failure("'\(digits)' is not a number") }
                return try finite(x, digits)
            }
            guard c.isLetter else { throw failure("unexpected '\(c)'") }
            let start = position
            while !atEnd,
                scalars[position].isLetter || scalars[position].isNumber || scalars[position] == "_"
                    || scalars[position] == "."
            {
                position += 1
            }
            let name = String(scalars[start..<position])
            if take("(") {
                try enter()
                let value = try call(name)
                depth -= 1
                return value
            }
            if name == "true" || name == "false" { return .bool(name == "true") }
            if name == "pi", environment[name] == nil { return .number(Double.pi) }
            guard let value = environment[name] else {
                let known = environment.keys.sorted().joined(separator: ", ")
                throw failure("unknown name '\(name)'; the names here are \(known.isEmpty ? "none" : known)")
            }
            return value
        }

        package mutating func call(_ name: String) throws(Failure) -> Value {
            var arguments: [Value] = []
            if !take(")") {
                repeat { arguments.append(try expression()) } while take(",")
                guard take(")") else { throw failure("\(name)( is not closed") }
            }
            func count(_ n: Int) throws(Failure) {
                guard arguments.count == n else {
                    throw failure("\(name) takes \(n) argument\(n == 1 ? "" : "s"), got \(arguments.count)")
                }
            }
            switch name {
            case "if":
                try count(3)
                return try truth(arguments[0]) ? arguments[1] : arguments[2]
            case "fixed":
                try count(2)
                // Checked as a number first: Int(_:) traps on a value beyond Int's range (3e83).
                let places = try number(arguments[1])
                guard (0...12).contains(places) else { throw failure("fixed takes 0…12 digits") }
                let digits = Int(places)
                return .text(NumberText.fixed(try number(arguments[0]), digits: digits))
            case "min", "max":
                guard !arguments.isEmpty else { throw failure("\(name) needs at least one argument") }
                if let compiled = try emitFold(name == "min" ? .minimum : .maximum, arguments) { return compiled }
                var numbers: [Double] = []
                for argument in arguments { numbers.append(try number(argument)) }
                return .number((name == "min" ? numbers.min() : numbers.max())!)
            case "floor", "ceil", "round", "abs", "sqrt", "exp", "log", "odd":
                try count(1)
                if case .plane = arguments[0], let operation = PixelProgram.Operation(rawValue: name) {
                    return try emit(operation, arguments[0], .number(0))!
                }
                let x = try number(arguments[0])
                switch name {
                case "floor": return .number(x.rounded(.down))
                case "ceil": return .number(x.rounded(.up))
                case "round": return .number(x.rounded(.toNearestOrAwayFromZero))
                case "abs": return .number(abs(x))
                case "sqrt":
                    guard x >= 0 else { throw failure("sqrt of a negative number") }
                    return .number(x.squareRoot())
                case "exp": return try finite(Foundation.exp(x), "exp(\(Value.number(x).rendered))")
                case "log":
                    guard x > 0 else { throw failure("log of a number that is not positive") }
                    return .number(Foundation.log(x))
                default:
                    let n = x.rounded(.up)
                    return .number(n.truncatingRemainder(dividingBy: 2) == 0 ? n + 1 : n)
                }
            default:
                throw failure(
                    "unknown function '\(name)'; the functions are \(LessonExpression.functions.joined(separator: ", "))"
                )
            }
        }

        package func number(_ value: Value) throws(Failure) -> Double {
            guard let x = value.number else { throw failure("'\(value.rendered)' is not a number") }
            return x
        }

        package func truth(_ value: Value) throws(Failure) -> Bool {
            switch value {
            case .bool(let b): return b
            case .number(let x): return x != 0
            case .text(let s): throw failure("'\(s)' is text, not true or false")
            case .plane: throw failure("a picture has a value per pixel, not true or false")
            }
        }
    }
}
