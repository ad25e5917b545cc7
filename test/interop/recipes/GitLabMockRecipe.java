// The Java recipe of docs/other-languages.md, run by test/interop/recipes.sh as a single-file program
// (`java GitLabMockRecipe.java`, Java 11+): start the server, ask it one thing, stop it, check its port is free.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

public class GitLabMockRecipe {
  public static void main(String[] args) throws Exception {
    URI uri;
    try (GitLabMock mock = new GitLabMock()) {
      uri = URI.create(mock.url);
      HttpResponse<String> version = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create(mock.url + "/api/v4/version")).build(),
          HttpResponse.BodyHandlers.ofString());
      if (version.statusCode() != 401) throw new AssertionError("GET /version without a token: " + version.statusCode());
    }
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      throw new AssertionError(uri + " still listens");
    } catch (IOException refused) {
      System.out.println("ok: started, answered, stopped with exit code 0, port free");
    }
  }
}

// docs:begin java
/** gitlab-admin-mock for a test suite: open it before the tests, close it after (JUnit's @BeforeAll and @AfterAll). */
final class GitLabMock implements AutoCloseable {
  private static final String BANNER = "GitLab mock listening on ";
  private final Process process;
  final String url;

  GitLabMock() throws IOException {
    process = new ProcessBuilder("npx", "gitlab-admin-mock", "--port", "0", "--seed", "demo", "--exit-with-stdin")
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line = stdout.readLine();
    if (line == null || !line.startsWith(BANNER)) throw new IOException("gitlab-admin-mock did not start: " + line);
    url = line.substring(BANNER.length());
  }

  /** Closes the server's standard input (--exit-with-stdin): npx does not pass a signal on to the server. */
  @Override
  public void close() throws IOException, InterruptedException {
    process.getOutputStream().close();
    int code = process.waitFor();
    if (code != 0) throw new IOException("gitlab-admin-mock exited with " + code);
  }
}
// docs:end
