#ifndef WIDGETRENDER_ISALPNG_HELPERS_H
#define WIDGETRENDER_ISALPNG_HELPERS_H

/// One piece of work: `run(context, index)` for each index of a wr_helpers_for.
typedef void (*wr_piece_fn)(void *context, int index);

/// Whether the calling thread can run pieces of a job (called on a helper before it joins).
typedef int (*wr_ready_fn)(void);

/// Runs `run(context, i)` for every i in [0, count) and returns when all have run. The calling
/// thread takes pieces in order; when `share` is set and a helper thread is idle and `ready`
/// (if given) is true on it, the helper takes pieces too (each piece runs once, on one thread).
/// Which thread runs a piece must not change its result: callers give each piece its own output.
void wr_helpers_for(int count, wr_piece_fn run, void *context, int share, wr_ready_fn ready);

/// Whether an encode now should share its pieces: helpers are allowed (wr_isal_set_helper_limit)
/// and fewer render workers are busy (wr_isal_worker_enter) than this process has processors.
int wr_helpers_worth_asking(void);

#endif
