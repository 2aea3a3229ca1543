package videohost

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Pages: every list the API answers is paged alike, with a signed cursor
// and one row read past the limit to know whether a next page exists. The
// helpers are exported for the rooms beside the domain (videohost/access,
// webhookadmin, spaceadmin), so that their lists page and refuse exactly
// as the domain's own.

// Page is one page of a list.
type Page[T any] struct {
	Data       []T     `json:"data"`
	NextCursor *string `json:"next_cursor"`
}

// Pager is how the rooms beside the domain page their lists; *Service is
// one.
type Pager interface {
	ListParams(limit int, cursor, order string, f *VideoFilter) error
	EncodeCursor(c Cursor) string
}

// ListParams checks the limit, cursor and order of a list request into f.
func (s *Service) ListParams(limit int, cursor, order string, f *VideoFilter) error {
	switch {
	case limit == 0:
		limit = DefaultListLimit
	case limit < 0 || limit > MaxListLimit:
		return Invalid("limit", "must be between 1 and %d", MaxListLimit)
	}
	f.Limit = limit
	switch order {
	case "", "created_desc":
	case "created_asc":
		f.Ascending = true
	default:
		return Invalid("order", "must be created_desc or created_asc")
	}
	if cursor != "" {
		c, err := s.decodeCursor(cursor)
		if err != nil {
			return Invalid("cursor", "is not a cursor this server issued")
		}
		f.After = c
	}
	return nil
}

// CutPage is the page of list, read with one row past limit: cut to limit,
// with a next cursor at the last row kept (at), and an empty list, not
// nil, for none (the API answers "data": []).
func CutPage[T any](s Pager, list []T, limit int, at func(last T) Cursor) *Page[T] {
	page := &Page[T]{Data: list}
	if len(list) > limit {
		page.Data = list[:limit]
		c := s.EncodeCursor(at(page.Data[limit-1]))
		page.NextCursor = &c
	}
	if page.Data == nil {
		page.Data = []T{}
	}
	return page
}

// PageBySeq reads a page of a list in outbox order, newest first (a
// video's events, an endpoint's deliveries), whose cursor is the Seq of
// the last row: read gets the rows before it. what names the kind of
// cursor in the refusal of one that is not ("an event").
func PageBySeq[T any](s Pager, limit int, cursor, what string, read func(before int64, limit int) ([]T, error), seq func(T) int64) (*Page[T], error) {
	f := VideoFilter{}
	if err := s.ListParams(limit, cursor, "", &f); err != nil {
		return nil, err
	}
	var before int64
	if f.After != nil {
		var err error
		if before, err = strconv.ParseInt(f.After.ID, 10, 64); err != nil {
			return nil, Invalid("cursor", "is not %s cursor", what)
		}
	}
	list, err := read(before, f.Limit+1)
	if err != nil {
		return nil, err
	}
	return CutPage(s, list, f.Limit, func(last T) Cursor { return Cursor{ID: strconv.FormatInt(seq(last), 10)} }), nil
}

// PageByID reads a page of a list ordered by id (collections, the
// installation's spaces), whose cursor is the id of the last row: read
// gets the rows after it. Such lists are short, so a limit of 0 is a whole
// page (MaxListLimit).
func PageByID[T any](s Pager, limit int, cursor string, read func(after string, limit int) ([]T, error), id func(T) string) (*Page[T], error) {
	if limit == 0 {
		limit = MaxListLimit
	}
	f := VideoFilter{}
	if err := s.ListParams(limit, cursor, "", &f); err != nil {
		return nil, err
	}
	after := ""
	if f.After != nil {
		after = f.After.ID
	}
	list, err := read(after, f.Limit+1)
	if err != nil {
		return nil, err
	}
	return CutPage(s, list, f.Limit, func(last T) Cursor { return Cursor{ID: id(last)} }), nil
}

// EncodeCursor signs c into the cursor of a next page.
func (s *Service) EncodeCursor(c Cursor) string {
	body := strconv.FormatInt(c.CreatedAt.UnixNano(), 36) + "." + c.ID
	m := hmac.New(sha256.New, s.macKey)
	m.Write([]byte(body))
	return base64.RawURLEncoding.EncodeToString([]byte(body)) + "." +
		base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:12])
}

func (s *Service) decodeCursor(raw string) (*Cursor, error) {
	b64, mac64, ok := strings.Cut(raw, ".")
	if !ok {
		return nil, errors.New("malformed cursor")
	}
	body, err1 := base64.RawURLEncoding.DecodeString(b64)
	mac, err2 := base64.RawURLEncoding.DecodeString(mac64)
	if err1 != nil || err2 != nil {
		return nil, errors.New("malformed cursor")
	}
	m := hmac.New(sha256.New, s.macKey)
	m.Write(body)
	if !hmac.Equal(m.Sum(nil)[:12], mac) {
		return nil, errors.New("cursor signature mismatch")
	}
	ts, id, ok := strings.Cut(string(body), ".")
	if !ok {
		return nil, errors.New("malformed cursor")
	}
	n, err := strconv.ParseInt(ts, 36, 64)
	if err != nil {
		return nil, errors.New("malformed cursor")
	}
	return &Cursor{CreatedAt: time.Unix(0, n).UTC(), ID: id}, nil
}
