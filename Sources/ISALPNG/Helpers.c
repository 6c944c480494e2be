// Helper threads for one image's encode: an image is written in pieces (ISALPNG.c, "Pieces"), and
// while a core is idle a helper takes some of them. Helpers start on first use, up to the limit,
// and then wait for work for the rest of the process.

#define _GNU_SOURCE 1  // sched_getaffinity, CPU_COUNT

#include "Helpers.h"
#include "ISALPNG.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <unistd.h>

#define WR_HELPERS_MAX 7
/// About a millisecond of waiting by spinning (a pause is a few to 140 cycles, by CPU).
#define WR_SPINS 20000

static inline void wr_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

typedef struct wr_helpers_job {
    wr_piece_fn run;
    void *context;
    wr_ready_fn ready;
    int count;
    /// The next piece to take.
    atomic_int next;
    /// Helpers working on this job (changed under wr_pool_lock); the caller returns only once it is 0.
    atomic_int attached;
} wr_helpers_job;

static pthread_mutex_t wr_pool_lock = PTHREAD_MUTEX_INITIALIZER;
/// Signalled when a job is offered.
static pthread_cond_t wr_pool_offered = PTHREAD_COND_INITIALIZER;
/// Signalled when a helper leaves a job.
static pthread_cond_t wr_pool_left = PTHREAD_COND_INITIALIZER;
/// The one job helpers may join, or NULL; an encode that finds another job offered does its own.
static wr_helpers_job *wr_pool_offer;
static int wr_pool_started;
static int wr_pool_idle;

static atomic_int wr_helper_limit = -1;
static atomic_int wr_busy_workers;
static atomic_long wr_pieces_by_helpers;

static int wr_processors(void) {
    static atomic_int known;
    int count = atomic_load_explicit(&known, memory_order_relaxed);
    if (count > 0) return count;
    cpu_set_t set;
    count = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (count < 1) count = 1;
    atomic_store_explicit(&known, count, memory_order_relaxed);
    return count;
}

int wr_isal_helper_limit(void) {
    const int limit = atomic_load_explicit(&wr_helper_limit, memory_order_relaxed);
    if (limit >= 0) return limit;
    const int helpers = wr_processors() - 1;
    return helpers > WR_HELPERS_MAX ? WR_HELPERS_MAX : helpers;
}

void wr_isal_set_helper_limit(int limit) {
    atomic_store_explicit(&wr_helper_limit, limit < 0 ? 0 : (limit > WR_HELPERS_MAX ? WR_HELPERS_MAX : limit),
                          memory_order_relaxed);
}

void wr_isal_worker_enter(void) { atomic_fetch_add_explicit(&wr_busy_workers, 1, memory_order_relaxed); }

void wr_isal_worker_leave(void) { atomic_fetch_sub_explicit(&wr_busy_workers, 1, memory_order_relaxed); }

int wr_helpers_worth_asking(void) {
    return wr_isal_helper_limit() > 0 &&
           atomic_load_explicit(&wr_busy_workers, memory_order_relaxed) < wr_processors();
}

/// Runs pieces of `job` until none is left; returns how many this thread ran.
static long wr_helpers_take(wr_helpers_job *job) {
    long taken = 0;
    int index;
    while ((index = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed)) < job->count) {
        job->run(job->context, index);
        taken++;
    }
    return taken;
}

long wr_isal_pieces_by_helpers(void) { return atomic_load_explicit(&wr_pieces_by_helpers, memory_order_relaxed); }

/// `ordinal`: how many helpers started before this one; it helps while the limit allows it.
static void *wr_helper_main(void *ordinal) {
    const int rank = (int)(intptr_t)ordinal;
    // Signals are for the threads that handle them.
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, NULL);
    pthread_mutex_lock(&wr_pool_lock);
    for (;;) {
        wr_helpers_job *job = wr_pool_offer;
        // A helper that cannot run pieces the way the caller would (ready) stays out: its
        // pieces could come out other bytes.
        if (!job || atomic_load_explicit(&job->next, memory_order_relaxed) >= job->count ||
            rank >= wr_isal_helper_limit() || (job->ready && !job->ready())) {
            wr_pool_idle++;
            pthread_cond_wait(&wr_pool_offered, &wr_pool_lock);
            wr_pool_idle--;
            continue;
        }
        atomic_fetch_add_explicit(&job->attached, 1, memory_order_relaxed);
        pthread_mutex_unlock(&wr_pool_lock);
        const long taken = wr_helpers_take(job);
        atomic_fetch_add_explicit(&wr_pieces_by_helpers, taken, memory_order_relaxed);
        pthread_mutex_lock(&wr_pool_lock);
        if (atomic_fetch_sub_explicit(&job->attached, 1, memory_order_release) == 1) {
            pthread_cond_broadcast(&wr_pool_left);
        }
    }
    return NULL;
}

void wr_helpers_for(int count, wr_piece_fn run, void *context, int share, wr_ready_fn ready) {
    wr_helpers_job job = {.run = run, .context = context, .ready = ready, .count = count};
    atomic_init(&job.next, 0);
    atomic_init(&job.attached, 0);
    int offered = 0;
    if (share && count > 1) {
        pthread_mutex_lock(&wr_pool_lock);
        if (!wr_pool_offer) {
            // A job of `count` pieces can use count - 1 helpers besides its caller.
            const int wanted = wr_isal_helper_limit() < count - 1 ? wr_isal_helper_limit() : count - 1;
            if (wr_pool_idle == 0 && wr_pool_started < wanted) {
                pthread_t thread;
                pthread_attr_t attributes;
                if (pthread_attr_init(&attributes) == 0) {
                    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
                    if (pthread_create(&thread, &attributes, wr_helper_main, (void *)(intptr_t)wr_pool_started) == 0) {
                        wr_pool_started++;
                    }
                    pthread_attr_destroy(&attributes);
                }
            }
            if (wr_pool_started > 0) {
                wr_pool_offer = &job;
                offered = 1;
                if (count > 2) {
                    pthread_cond_broadcast(&wr_pool_offered);
                } else {
                    pthread_cond_signal(&wr_pool_offered);
                }
            }
        }
        pthread_mutex_unlock(&wr_pool_lock);
    }
    (void)wr_helpers_take(&job);
    if (!offered) return;
    // Every piece is taken; wait for the ones a helper is still on.
    pthread_mutex_lock(&wr_pool_lock);
    wr_pool_offer = NULL;
    pthread_mutex_unlock(&wr_pool_lock);
    // A helper is finishing a piece at most: spin rather than sleep, since waking a sleeping thread
    // took 70-80 µs here (longer than a piece's tail), then sleep if it takes long.
    for (int spins = 0; spins < WR_SPINS && atomic_load_explicit(&job.attached, memory_order_acquire) > 0; spins++) {
        wr_pause();
    }
    if (atomic_load_explicit(&job.attached, memory_order_acquire) > 0) {
        pthread_mutex_lock(&wr_pool_lock);
        while (atomic_load_explicit(&job.attached, memory_order_acquire) > 0) {
            pthread_cond_wait(&wr_pool_left, &wr_pool_lock);
        }
        pthread_mutex_unlock(&wr_pool_lock);
    }
}
