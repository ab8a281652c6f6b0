import PropertyBased

/// Runs `body` on `count` values drawn from `generator` (swift-property-based's generators) by
/// a generator seeded with `seed`: the same values on every run, so a failure reproduces and
/// the suite stays deterministic.
public func forEachDrawn<Value, Shrinks: Sequence>(_ count: Int, from generator: Generator<Value, Shrinks>, seed: UInt64 = 14,
                                           _ body: (Value) throws -> Void) rethrows {
    var rng = Xoshiro(seed: (seed, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
    for _ in 0..<count { try body(generator.run(using: &rng)) }
}
