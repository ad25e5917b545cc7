// The Go recipe of docs/other-languages.md: test/interop/recipes.sh runs it with `go test` where Go is
// installed, and otherwise runs the exec.Command line below the same way (a pipe as stdin, closed to stop).
package recipes

import (
	"bufio"
	"net"
	"net/http"
	"net/url"
	"os/exec"
	"strings"
	"testing"
)

// docs:begin go
// startMock starts gitlab-admin-mock for a test and stops it when the test ends, by closing its
// standard input (--exit-with-stdin): npx does not pass a signal on to the server.
func startMock(t *testing.T) string {
	t.Helper()
	cmd := exec.Command("npx", "gitlab-admin-mock", "--port", "0", "--seed", "demo", "--exit-with-stdin")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if !strings.HasPrefix(line, "GitLab mock listening on ") {
		t.Fatalf("gitlab-admin-mock did not start: %q %v", line, err)
	}
	t.Cleanup(func() {
		stdin.Close() // the server, and npx, exit 0
		if err := cmd.Wait(); err != nil {
			t.Errorf("gitlab-admin-mock: %v", err)
		}
	})
	return strings.TrimSpace(strings.TrimPrefix(line, "GitLab mock listening on "))
}
// docs:end

func TestStartsAndStops(t *testing.T) {
	var base string
	t.Run("serves", func(t *testing.T) {
		base = startMock(t)
		res, err := http.Get(base + "/api/v4/version")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("GET /version without a token: %s", res.Status)
		}
	})
	// The subtest's cleanup has stopped the server: its port is free.
	u, _ := url.Parse(base)
	if conn, err := net.Dial("tcp", u.Host); err == nil {
		conn.Close()
		t.Fatalf("%s still listens", base)
	}
}
