import ComposerCore
import Synchronization

/// What one handle owns: the composer, its listener and what the listener was last told.
/// Guarded by its slot's lock.
struct DraftState: Sendable {
    var composer: Composer
    var listener: Listener?
    /// The UI parts as of the last delivery (kept up to date only while a listener is set). Not
    /// optional: the events update it in place, which an optional would not allow without a copy.
    var lastObservation: UIObservation

    init(composer: Composer) {
        self.composer = composer
        lastObservation = composer.observation
    }
}

/// Maps `mc_draft *` values to drafts without ever dereferencing what the caller passes.
///
/// A handle encodes a slot index and the slot's generation; the slot holds its own lock, which is
/// the draft's lock. A call finds its slot through a fixed directory of immutable chunks (an atomic
/// load, no global lock), locks only that slot, and checks the generation: a freed, double-freed or
/// forged pointer fails that check and gets `MC_ERR_INVALID_HANDLE`. Only creating and freeing take
/// the allocator lock.
enum HandleTable {
    static let chunkSize = 1024
    static let maxChunks = 4096
    private static let tag: UInt = 0xB

    /// A live handle's draft, in a box of its own: a slot holds a reference, so a slot with no
    /// draft costs a word, not a composer (some 1.6 KB; a chunk of them made the first
    /// `mc_draft_new` allocate 1.6 MB). Calls reach the draft in place through the box, without
    /// moving it out and back. Unchecked `Sendable`: it is read and changed only under its slot's
    /// lock, as the draft was when the slot held it.
    final class DraftBox: @unchecked Sendable {
        var state: DraftState
        init(_ state: DraftState) { self.state = state }
    }

    final class Slot: Sendable {
        struct State {
            var generation: UInt32 = 1
            /// The live handle's draft, nil for a free slot. Unmanaged: the slot owns it from
            /// `insert` to `remove` (one reference, taken and given back under the lock), and a
            /// call borrows it under the lock.
            var draft: Unmanaged<DraftBox>?
        }
        let state = Mutex(State())
        /// Moved on, under the lock, by every change of the slot's listener and by freeing its
        /// draft: what a delivery outside the lock checks (`Registration`).
        let listenerEpoch = Atomic<UInt64>(0)

        /// Called under the lock.
        func moveListenerEpoch() {
            listenerEpoch.store(listenerEpoch.load(ordering: .relaxed) &+ 1, ordering: .releasing)
        }
    }

    /// A chunk is a buffer of slots that is never freed. A plain buffer, not an object: reading a
    /// slot then retains only that slot, never something every thread shares (an atomic count on
    /// a shared object would make threads working on different drafts wait on one cache line).
    /// Slots are never freed either, so the buffer holds them unmanaged and a call uses its slot
    /// without retaining and releasing it.
    private static func makeChunk() -> UnsafeMutablePointer<Unmanaged<Slot>> {
        let slots = UnsafeMutablePointer<Unmanaged<Slot>>.allocate(capacity: chunkSize)
        for i in 0..<chunkSize { (slots + i).initialize(to: .passRetained(Slot())) }
        return slots
    }

    private struct Allocator {
        var chunkCount = 0
        var freeSlots: [Int] = []
    }

    /// The address of the directory: one atomic per chunk, the chunk's address once it exists.
    /// Made by the first `insert` (0 until then). An atomic the compiler initializes statically,
    /// not a lazily made `static let`: every access to that cost a call to `swift_once`, a tenth
    /// of a getter's instructions.
    private static let directoryAddress = Atomic<UInt>(0)

    /// The directory, made if need be; under the allocator lock.
    private static func makeDirectory() -> UnsafeMutablePointer<Atomic<UInt>> {
        if let made = UnsafeMutablePointer<Atomic<UInt>>(bitPattern: directoryAddress.load(ordering: .acquiring)) { return made }
        let p = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: maxChunks)
        for i in 0..<maxChunks { (p + i).initialize(to: Atomic<UInt>(0)) }
        directoryAddress.store(UInt(bitPattern: p), ordering: .releasing)
        return p
    }

    private static let allocator = Mutex(Allocator())

    private static func slot(at index: Int) -> Unmanaged<Slot>? {
        let chunkIndex = index / chunkSize
        guard chunkIndex < maxChunks else { return nil }
        guard let directory = UnsafeMutablePointer<Atomic<UInt>>(bitPattern: directoryAddress.load(ordering: .acquiring)) else { return nil }
        let bits = directory[chunkIndex].load(ordering: .acquiring)
        guard bits != 0, let slots = UnsafeMutablePointer<Unmanaged<Slot>>(bitPattern: bits) else { return nil }
        return slots[index % chunkSize]
    }

    private static func handle(index: Int, generation: UInt32) -> OpaquePointer? {
        OpaquePointer(bitPattern: UInt(generation) << 32 | UInt(index) << 4 | tag)
    }

    private static func decode(_ handle: OpaquePointer?) -> (index: Int, generation: UInt32)? {
        guard let handle else { return nil }
        let bits = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
        guard bits & 0xF == tag else { return nil }
        return (Int((bits >> 4) & 0x0FFF_FFFF), UInt32(truncatingIfNeeded: bits >> 32))
    }

    /// The handle's slot and the generation the handle names (decoded once per call).
    private static func lookup(_ handle: OpaquePointer?) throws(CAPIError) -> (slot: Unmanaged<Slot>, generation: UInt32) {
        guard handle != nil else { throw .nullHandle }
        guard let (index, generation) = decode(handle), let slot = slot(at: index) else { throw .invalidHandle }
        return (slot, generation)
    }

    /// Registers a new draft and returns its handle.
    static func insert(_ draft: DraftState) throws(CAPIError) -> OpaquePointer? {
        let index: Int? = allocator.withLock { a -> Int? in
            if let free = a.freeSlots.popLast() { return free }
            guard a.chunkCount < maxChunks else { return nil }
            let bits = UInt(bitPattern: makeChunk())
            makeDirectory()[a.chunkCount].store(bits, ordering: .releasing)
            a.chunkCount += 1
            a.freeSlots = Array(((a.chunkCount - 1) * chunkSize + 1)..<(a.chunkCount * chunkSize)).reversed()
            return (a.chunkCount - 1) * chunkSize
        }
        guard let index, let slot = slot(at: index) else {
            throw .engine(.limitExceeded("too many live drafts (at most \(maxChunks * chunkSize))"))
        }
        let box = Unmanaged.passRetained(DraftBox(draft))
        let generation = slot._withUnsafeGuaranteedRef { $0.state.withLock { s -> UInt32 in
            s.draft = box
            return s.generation
        } }
        return handle(index: index, generation: generation)
    }

    /// Runs `body` on the handle's draft under the draft's lock.
    static func with<R>(_ handle: OpaquePointer?, _ body: (inout DraftState) throws(ComposerError) -> R) throws(CAPIError) -> R {
        let (slot, generation) = try lookup(handle)
        let (result, delivery): (Result<R, CAPIError>, (PendingDelivery, UInt64)?) = slot._withUnsafeGuaranteedRef { slotRef in
            slotRef.state.withLock { s in
                guard s.generation == generation, let box = s.draft?.takeUnretainedValue() else { return (.failure(.invalidHandle), nil) }
                let result: Result<R, CAPIError>
                do throws(ComposerError) {
                    result = .success(try body(&box.state))
                } catch {
                    result = .failure(.engine(error))
                }
                guard let pending = box.state.collectEvents() else { return (result, nil) }
                return (result, (pending, slotRef.listenerEpoch.load(ordering: .relaxed)))
            }
        }
        // Outside the lock: the listener may call back into this draft.
        if let (pending, epoch) = delivery {
            Registration(listener: pending.listener, slot: slot, epoch: epoch).deliver(pending.events)
        }
        return try result.get()
    }

    /// Registers `listener` (nil removes it) on the handle's draft; a delivery of the listener
    /// before stops at its next event.
    static func setListener(_ handle: OpaquePointer?, _ listener: Listener?) throws(CAPIError) {
        let (slot, generation) = try lookup(handle)
        let registered: Bool = slot._withUnsafeGuaranteedRef { slotRef in
            slotRef.state.withLock { s in
                guard s.generation == generation, let box = s.draft else { return false }
                box.takeUnretainedValue().state.register(listener)
                slotRef.moveListenerEpoch()
                return true
            }
        }
        guard registered else { throw .invalidHandle }
    }

    /// The handle's listener as registered now, or nil (none, or not a live handle).
    static func registration(_ handle: OpaquePointer?) -> Registration? {
        guard let (slot, generation) = try? lookup(handle) else { return nil }
        return slot._withUnsafeGuaranteedRef { slotRef in
            slotRef.state.withLock { s -> Registration? in
                guard s.generation == generation, let listener = s.draft?.takeUnretainedValue().state.listener else { return nil }
                return Registration(listener: listener, slot: slot, epoch: slotRef.listenerEpoch.load(ordering: .relaxed))
            }
        }
    }

    /// Runs `body` on the handle's draft under the draft's lock, for a call that only reads: no
    /// event can come of it, so none is looked for (a getter costs a lock and a load).
    static func read<R>(_ handle: OpaquePointer?, _ body: (borrowing DraftState) throws(ComposerError) -> R) throws(CAPIError) -> R {
        let (slot, generation) = try lookup(handle)
        var result: Result<R, CAPIError> = .failure(.invalidHandle)
        slot._withUnsafeGuaranteedRef { $0.state.withLock { s in
            guard s.generation == generation, let box = s.draft?.takeUnretainedValue() else { return }
            // Lent in place: a class's stored property passed as a borrowed argument is copied
            // first (the whole draft, its buffers retained and released: a twentieth of sending a
            // chat message); passed `inout`, it is not, and an `inout` parameter lends itself.
            func lend(_ state: inout DraftState) {
                do throws(ComposerError) {
                    result = .success(try body(state))
                } catch {
                    result = .failure(.engine(error))
                }
            }
            lend(&box.state)
        } }
        return try result.get()
    }

    /// Unregisters the handle's draft; a stale handle is refused.
    static func remove(_ handle: OpaquePointer?) throws(CAPIError) {
        let (slot, generation) = try lookup(handle)
        guard let (index, _) = decode(handle) else { throw .invalidHandle }
        let removed: Unmanaged<DraftBox>? = slot._withUnsafeGuaranteedRef { slotRef in slotRef.state.withLock { s in
            guard s.generation == generation, let box = s.draft else { return nil }
            s.draft = nil
            slotRef.moveListenerEpoch()
            s.generation &+= 1
            if s.generation == 0 { s.generation = 1 }
            return box
        } }
        guard let removed else { throw .invalidHandle }
        allocator.withLock { $0.freeSlots.append(index) }
        // The draft is destroyed here, outside every lock.
        removed.release()
    }
}

