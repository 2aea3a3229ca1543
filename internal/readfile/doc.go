// Package readfile opens files that are only read and handed to the kernel
// whole (sendfile): the segments and manifests delivery serves.
//
// os.Open on Linux asks the network poller to watch every file it opens:
// it puts the descriptor in non-blocking mode, tries to add it to epoll
// (which refuses regular files), then puts it back in blocking mode. That
// is five system calls on each open of a file that is read in one go, and
// delivery opens one per segment request. Open skips them: the descriptor
// stays blocking, as a regular file's reads are anyway, and never meets
// the poller.
package readfile
