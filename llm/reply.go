package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// DefaultMaxReplyBytes bounds one reply body, streamed or whole. A form
// reply is a few kilobytes and a long stream of one a few hundred; an
// endless body stops here instead of exhausting memory.
const DefaultMaxReplyBytes = 8 << 20

// ReplyLimitError says a reply was cut: it grew past the byte cap, or its
// stream was still going when the call's time limit ran out.
type ReplyLimitError struct {
	Bytes int64         // the byte cap that was passed, or 0
	After time.Duration // the time limit that ran out, or 0
}

func (e *ReplyLimitError) Error() string {
	if e.Bytes > 0 {
		return fmt.Sprintf("reply larger than %d bytes", e.Bytes)
	}
	return fmt.Sprintf("stream longer than %s", e.After)
}

// replyBody caps what is read of a 2xx body and names the limit that
// ended it.
type replyBody struct {
	rc    io.ReadCloser
	ctx   context.Context
	n     int64
	limit int64
	after time.Duration
}

func (t *transport) capReply(ctx context.Context, rc io.ReadCloser) io.ReadCloser {
	return &replyBody{rc: rc, ctx: ctx, limit: t.maxReply, after: t.timeout}
}

func (b *replyBody) Read(p []byte) (int, error) {
	if b.n >= b.limit {
		// At the cap: one more byte means the reply is too large.
		var one [1]byte
		if k, err := b.rc.Read(one[:]); k == 0 {
			return 0, b.why(err)
		}
		return 0, &ReplyLimitError{Bytes: b.limit}
	}
	if rest := b.limit - b.n; int64(len(p)) > rest {
		p = p[:rest]
	}
	k, err := b.rc.Read(p)
	b.n += int64(k)
	return k, b.why(err)
}

// why turns a read failure caused by the call's deadline into the limit
// it stands for.
func (b *replyBody) why(err error) error {
	if err != nil && err != io.EOF && errors.Is(b.ctx.Err(), context.DeadlineExceeded) {
		return &ReplyLimitError{After: b.after}
	}
	return err
}

func (b *replyBody) Close() error { return b.rc.Close() }
