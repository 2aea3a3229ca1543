package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gorilla/mux"
	"github.com/reelvideo/reel/videohost"
)

// Health for orchestrators: GET /healthz answers 200 while the process
// serves (liveness); GET /readyz answers 200 when the database and blob
// storage answer, and 503 unavailable (with Retry-After) when one does not
// (readiness: take the process out of rotation, do not restart it). Neither
// needs credentials nor tells more than which port is down.

const (
	healthzPath = "/healthz"
	readyzPath  = "/readyz"
	// readyTimeout bounds one readiness check: a database that takes longer
	// to answer SELECT 1 is not ready.
	readyTimeout = 2 * time.Second
	// readyRetryAfter is what a probe that found the process unready is told.
	readyRetryAfter = "5"
)

// mountHealth registers /healthz and /readyz on r. An unready answer is
// not logged as a failed request: Service.Ready logs which port is down.
func mountHealth(r *mux.Router, svc *videohost.Service) {
	r.HandleFunc(healthzPath, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	}).Methods(http.MethodGet, http.MethodHead)
	r.HandleFunc(readyzPath, func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
		defer cancel()
		if err := svc.Ready(ctx); err != nil {
			w.Header().Set("Retry-After", readyRetryAfter)
			writeProblem(w, problemOf(err))
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	}).Methods(http.MethodGet, http.MethodHead)
}

// HealthHandler serves only /healthz and /readyz over svc: what a process
// that serves no API (the worker role) answers its orchestrator with.
func HealthHandler(svc *videohost.Service) http.Handler {
	r := mux.NewRouter()
	mountHealth(r, svc)
	r.NotFoundHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, problemOf(videohost.Errorf(videohost.ENotFound, "this process serves only %s and %s", healthzPath, readyzPath)))
	})
	return r
}

// describeHealth adds the two probes to the OpenAPI document.
func describeHealth(paths obj) {
	status := func(value string) obj {
		return obj{"type": "object", "required": []string{"status"}, "properties": obj{"status": obj{"const": value}}}
	}
	paths[healthzPath] = obj{
		"get": obj{"operationId": "healthz", "summary": "Liveness: 200 while the process serves; no authentication", "security": []obj{},
			"responses": obj{"200": jsonResponse("alive", status("ok"))}},
		"head": obj{"operationId": "healthzHead", "summary": "Liveness, without a body", "security": []obj{},
			"responses": obj{"200": obj{"description": "alive"}}},
	}
	paths[readyzPath] = obj{
		"get": obj{"operationId": "readyz", "summary": "Readiness: the database and blob storage answer; no authentication", "security": []obj{},
			"responses": obj{
				"200": jsonResponse("ready", status("ready")),
				"503": obj{"$ref": "#/components/responses/Problem", "description": "unavailable: a port does not answer (its name in detail); Retry-After"},
			}},
		"head": obj{"operationId": "readyzHead", "summary": "Readiness, without a body", "security": []obj{},
			"responses": obj{"200": obj{"description": "ready"}, "503": obj{"description": "not ready"}}},
	}
}
