package lambdart

import (
	"bytes"
	"io"
	"sync"
)

const (
	maxLine   = 64 * 1024 // longer lines are split
	tailLines = 20        // lines kept for InitError.Output
)

// lineWriter forwards a process's output line by line to a shared writer,
// each line prefixed with the function's name, and remembers the last
// lines for error reports.
type lineWriter struct {
	mu     *sync.Mutex // shared by every writer to w, so lines never interleave
	w      io.Writer
	prefix string

	bmu  sync.Mutex // guards buf and last (stdout and stderr share the writer)
	buf  []byte
	last []string
}

func (lw *lineWriter) Write(p []byte) (int, error) {
	lw.bmu.Lock()
	defer lw.bmu.Unlock()
	lw.buf = append(lw.buf, p...)
	for {
		i := bytes.IndexByte(lw.buf, '\n')
		if i < 0 {
			if len(lw.buf) >= maxLine {
				lw.emit(lw.buf[:maxLine])
				lw.buf = lw.buf[maxLine:]
				continue
			}
			break
		}
		lw.emit(lw.buf[:i])
		lw.buf = lw.buf[i+1:]
	}
	// Keep the backing array from growing without bound.
	lw.buf = append([]byte(nil), lw.buf...)
	return len(p), nil
}

// flush emits a last unterminated line.
func (lw *lineWriter) flush() {
	lw.bmu.Lock()
	defer lw.bmu.Unlock()
	if len(lw.buf) > 0 {
		lw.emit(lw.buf)
		lw.buf = nil
	}
}

// tail returns a copy of the last lines written.
func (lw *lineWriter) tail() []string {
	lw.bmu.Lock()
	defer lw.bmu.Unlock()
	return append([]string(nil), lw.last...)
}

func (lw *lineWriter) emit(line []byte) {
	line = bytes.TrimRight(line, "\r")
	if len(lw.last) == tailLines {
		lw.last = append(lw.last[:0], lw.last[1:]...)
	}
	lw.last = append(lw.last, string(line))
	out := make([]byte, 0, len(lw.prefix)+len(line)+1)
	out = append(out, lw.prefix...)
	out = append(out, line...)
	out = append(out, '\n')
	lw.mu.Lock()
	_, _ = lw.w.Write(out)
	lw.mu.Unlock()
}
