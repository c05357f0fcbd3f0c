/*
 * tsan_mutex.c: teaches ThreadSanitizer the slow paths of Swift's Synchronization.Mutex, linked
 * into the TSan test programs only (`make test-tsan`).
 *
 * On Linux a Swift Mutex is a futex word. Its fast paths (an acquiring compare-exchange to lock, a
 * releasing one to unlock) are inlined into the library and instrumented, so TSan sees them. Under
 * contention the library calls _lockSlow / _unlockSlow in libswiftSynchronization.so, which is not
 * instrumented and hands the lock over inside the kernel (PI futex): TSan misses that
 * synchronization and reports every access the mutex protects as a race. These two definitions
 * interpose the slow paths (the executable's symbols win over the shared library's), call the
 * real ones, and tell TSan what they did: a release of the futex word before unlocking, an
 * acquire after locking — the same address the inlined atomics use, so both paths agree.
 *
 * Both are Swift methods of the non-copyable _MutexHandle: `self` (the futex word's address) comes
 * in the swiftself register, which clang's swiftcall attributes express (swift_context).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SWIFTCALL __attribute__((swiftcall))
/* clang passes a swift_context parameter in LLVM's swiftself register, where Swift passes self. */
#define SWIFT_SELF __attribute__((swift_context))

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

void __tsan_acquire(void *addr);
void __tsan_release(void *addr);

typedef SWIFTCALL void (*lock_slow_fn)(uint32_t self_id, SWIFT_SELF void *handle);
typedef SWIFTCALL void (*unlock_slow_fn)(SWIFT_SELF void *handle);

static lock_slow_fn real_lock_slow;
static unlock_slow_fn real_unlock_slow;

/* Looked up once before main (no thread exists yet, so no race on the pointers). */
__attribute__((constructor)) static void find_real_slow_paths(void) {
    void *lock = dlsym(RTLD_NEXT, LOCK_SLOW), *unlock = dlsym(RTLD_NEXT, UNLOCK_SLOW);
    if (!lock || !unlock) {
        fprintf(stderr, "tsan_mutex: Swift's Mutex slow paths not found (runtime changed?)\n");
        abort();
    }
    /* Object to function pointer: through memcpy, which ISO C allows. */
    memcpy(&real_lock_slow, &lock, sizeof lock);
    memcpy(&real_unlock_slow, &unlock, sizeof unlock);
}

SWIFTCALL void mc_tsan_lock_slow(uint32_t self_id, SWIFT_SELF void *handle) __asm__(LOCK_SLOW);
SWIFTCALL void mc_tsan_lock_slow(uint32_t self_id, SWIFT_SELF void *handle) {
    real_lock_slow(self_id, handle);
    __tsan_acquire(handle);
}

SWIFTCALL void mc_tsan_unlock_slow(SWIFT_SELF void *handle) __asm__(UNLOCK_SLOW);
SWIFTCALL void mc_tsan_unlock_slow(SWIFT_SELF void *handle) {
    __tsan_release(handle);
    real_unlock_slow(handle);
}
