package delivery

import (
	"container/list"
	"strings"
)

// byteLRU is the index of a cache held to a byte cap: what it holds, how
// big each item is and in which order they were used. It holds no data and
// takes no lock; the frame cache (in Blobs) and the rendition cache (on
// local disk) keep their bytes where they belong and this index beside
// them, under their own mutex.
type byteLRU struct {
	used  int64
	order *list.List // of *lruItem; the most recently used at the front
	byKey map[string]*list.Element
}

type lruItem struct {
	key  string
	size int64
	pins int // readers that must not see it evicted
}

func newByteLRU() *byteLRU {
	return &byteLRU{order: list.New(), byKey: map[string]*list.Element{}}
}

// put records key with its size as the most recently used item.
func (l *byteLRU) put(key string, size int64) {
	if el, ok := l.byKey[key]; ok {
		it := el.Value.(*lruItem)
		l.used += size - it.size
		it.size = size
		l.order.MoveToFront(el)
		return
	}
	l.byKey[key] = l.order.PushFront(&lruItem{key: key, size: size})
	l.used += size
}

// touch marks key used and reports whether it is held.
func (l *byteLRU) touch(key string) bool {
	el, ok := l.byKey[key]
	if ok {
		l.order.MoveToFront(el)
	}
	return ok
}

// pin keeps key from eviction until as many unpins; it reports whether key
// is held.
func (l *byteLRU) pin(key string) bool {
	el, ok := l.byKey[key]
	if ok {
		el.Value.(*lruItem).pins++
	}
	return ok
}

func (l *byteLRU) unpin(key string) {
	if el, ok := l.byKey[key]; ok {
		it := el.Value.(*lruItem)
		it.pins = max(0, it.pins-1)
	}
}

func (l *byteLRU) remove(key string) {
	if el, ok := l.byKey[key]; ok {
		l.removeElement(el)
	}
}

// removePrefix forgets every key under prefix.
func (l *byteLRU) removePrefix(prefix string) {
	for key, el := range l.byKey {
		if strings.HasPrefix(key, prefix) {
			l.removeElement(el)
		}
	}
}

func (l *byteLRU) removeElement(el *list.Element) {
	it := l.order.Remove(el).(*lruItem)
	delete(l.byKey, it.key)
	l.used -= it.size
}

// evict forgets the least recently used unpinned items until the index
// holds at most limit bytes (or only pinned items are left), and returns
// their keys, whose bytes the caller deletes.
func (l *byteLRU) evict(limit int64) []string {
	var victims []string
	for el := l.order.Back(); el != nil && l.used > limit; {
		prev := el.Prev()
		if el.Value.(*lruItem).pins == 0 {
			victims = append(victims, el.Value.(*lruItem).key)
			l.removeElement(el)
		}
		el = prev
	}
	return victims
}

func (l *byteLRU) len() int { return l.order.Len() }
