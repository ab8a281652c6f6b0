import Foundation

/// A lesson expression compiled to run per pixel over pictures: `a + 1.5 * (a - b)`.
///
/// The lessons' own parser (`LessonExpression.Parser`) reads the text once; where an operand is
/// a picture (`.plane`) it appends an instruction instead of computing, and arithmetic on plain
/// numbers is folded as it reads. `run` then evaluates the instructions over whole rows of
/// Float32 registers, allocated once, so no pixel allocates.
package struct PixelProgram: Equatable, Sendable {
    /// What an instruction does; unary ones ignore their second operand.
    package enum Operation: String, Sendable {
        case add, subtract, multiply, divide, power, minimum, maximum
        case abs, floor, ceil, round, sqrt, exp, log
    }

    /// A register (pictures first, then each instruction's result) or a number.
    package enum Operand: Equatable, Sendable {
        case register(Int)
        case constant(Float)
    }

    /// One step: `result = operation(a, b)`, its result the next register.
    package struct Instruction: Equatable, Sendable {
        package var operation: Operation
        package var a: Operand
        package var b: Operand
    }

    /// The most instructions a program may have: bounds the time per pixel.
    package static let maxInstructions = 64
    /// The most pictures an expression may name.
    package static let maxPictures = 8

    /// How many pictures the registers start with.
    package var pictures: Int
    package var instructions: [Instruction] = []
    /// The result: the last instruction's register, or a constant, or a picture as it is.
    package var result: Operand = .constant(0)

    /// Compiles `text` with each name of `pictures` standing for one picture (register i).
    package static func compile(_ text: String, pictures names: [String]) throws(LessonExpression.Failure)
        -> PixelProgram
    {
        var environment: [String: LessonExpression.Value] = [:]
        for (i, name) in names.enumerated() { environment[name] = .plane(i) }
        var parser = LessonExpression.Parser(text: text, environment: environment)
        parser.program = PixelProgram(pictures: names.count)
        let value = try parser.expression()
        parser.skipBlanks()
        guard parser.atEnd else { throw parser.failure("unexpected '\(parser.rest)'") }
        var program = parser.program!
        switch value {
        case .plane(let register): program.result = .register(register)
        case .number(let x): program.result = .constant(Float(x))
        case .text, .bool: throw parser.failure("the expression gives '\(value.rendered)', not a picture or a number")
        }
        return program
    }

    /// Evaluates the program over rows of `count` values: `inputs[i]` is picture i's row, the
    /// result goes into `output`. `scratch` holds one row per instruction and one per constant
    /// operand, reused row after row. The loops walk raw pointers, so that a debug build (`swift
    /// run`, the tests) does not pay a checked array access per value.
    package func run(
        inputs: [UnsafeBufferPointer<Float>], scratch: inout [Float], output: UnsafeMutableBufferPointer<Float>
    ) {
        let count = output.count, steps = instructions.count
        guard count > 0, let out = output.baseAddress else { return }
        // Rows: the instructions' results, then two constants an instruction, then the result's.
        let size = (3 * steps + 1) * count
        if scratch.count != size { scratch = [Float](repeating: 0, count: size) }
        scratch.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            func row(_ operand: Operand, constantRow: Int) -> UnsafePointer<Float> {
                switch operand {
                case .register(let r):
                    return r < pictures ? inputs[r].baseAddress! : UnsafePointer(base + (r - pictures) * count)
                case .constant(let x):
                    let values = base + constantRow * count
                    var i = 0
                    while i < count {
                        values[i] = x
                        i += 1
                    }
                    return UnsafePointer(values)
                }
            }
            for (k, step) in instructions.enumerated() {
                let a = row(step.a, constantRow: steps + 2 * k), b = row(step.b, constantRow: steps + 2 * k + 1)
                let y = base + k * count
                var i = 0
                while i < count {
                    y[i] = Self.apply(step.operation, a[i], b[i])
                    i += 1
                }
            }
            let value = row(result, constantRow: 3 * steps)
            var i = 0
            while i < count {
                out[i] = value[i]
                i += 1
            }
        }
    }

    /// `operation(a, b)` in Float32.
    static func apply(_ operation: Operation, _ a: Float, _ b: Float) -> Float {
        switch operation {
        case .add: a + b
        case .subtract: a - b
        case .multiply: a * b
        case .divide: a / b
        case .power: Foundation.pow(a, b)
        case .minimum: Swift.min(a, b)
        case .maximum: Swift.max(a, b)
        case .abs: Swift.abs(a)
        case .floor: a.rounded(.down)
        case .ceil: a.rounded(.up)
        case .round: a.rounded(.toNearestOrAwayFromZero)
        case .sqrt: a.squareRoot()
        case .exp: Foundation.exp(a)
        case .log: Foundation.log(a)
        }
    }
}

extension LessonExpression.Parser {
    /// Appends `operation(a, b)` to the program when a or b is a picture and returns its
    /// register; nil when both are plain values, which the parser computes itself.
    package mutating func emit(
        _ operation: PixelProgram.Operation, _ a: LessonExpression.Value,
        _ b: LessonExpression.Value
    ) throws(LessonExpression.Failure) -> LessonExpression.Value? {
        func operand(_ value: LessonExpression.Value) throws(LessonExpression.Failure) -> PixelProgram.Operand? {
            switch value {
            case .plane(let r): return .register(r)
            case .number(let x): return .constant(Float(x))
            case .text, .bool:
                guard let x = value.number else { throw failure("'\(value.rendered)' is not a number") }
                return .constant(Float(x))
            }
        }
        guard a.isPlane || b.isPlane else { return nil }
        return try append(operation, try operand(a)!, try operand(b)!)
    }

    /// `min`/`max` of several arguments, folded pairwise, when any is a picture; else nil.
    package mutating func emitFold(
        _ operation: PixelProgram.Operation,
        _ arguments: [LessonExpression.Value]
    ) throws(LessonExpression.Failure) -> LessonExpression.Value? {
        guard arguments.contains(where: \.isPlane) else { return nil }
        var folded = arguments[0]
        for argument in arguments.dropFirst() {
            if let compiled = try emit(operation, folded, argument) { folded = compiled; continue }
            let x = try number(folded), y = try number(argument)
            folded = .number(operation == .minimum ? Swift.min(x, y) : Swift.max(x, y))
        }
        return folded
    }

    private mutating func append(
        _ operation: PixelProgram.Operation, _ a: PixelProgram.Operand,
        _ b: PixelProgram.Operand
    ) throws(LessonExpression.Failure) -> LessonExpression.Value {
        guard var program else { throw failure("pictures are per pixel; lesson text cannot compute with them") }
        guard program.instructions.count < PixelProgram.maxInstructions else {
            throw failure("more than \(PixelProgram.maxInstructions) operations on pictures")
        }
        program.instructions.append(PixelProgram.Instruction(operation: operation, a: a, b: b))
        self.program = program
        return .plane(program.pictures + program.instructions.count - 1)
    }
}

extension LessonExpression.Value {
    /// Whether the value is a picture (`.plane`).
    package var isPlane: Bool { if case .plane = self { true } else { false } }
}
