package main

import "testing"

// Processes sharing a data folder get distinct, reusable slots: a slot is
// free again as soon as its holder is gone, which is what lets a restarted
// process take back its leases.
func TestInstanceSlots(t *testing.T) {
	data := t.TempDir()
	a, err := claimInstance(data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := claimInstance(data)
	if err != nil {
		t.Fatal(err)
	}
	if a.ID == b.ID {
		t.Fatalf("two live holders share the slot %s", a.ID)
	}
	a.release()
	c, err := claimInstance(data)
	if err != nil {
		t.Fatal(err)
	}
	if c.ID != a.ID {
		t.Fatalf("after %s was released a new process got %s, want the freed slot", a.ID, c.ID)
	}
	b.release()
	c.release()
}
