package worker

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill the child if the server dies first
// (SIGKILL, OOM), so no orphaned transcode keeps writing into a staging
// folder that the job's next attempt no longer uses.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
