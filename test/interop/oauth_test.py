"""Sign in with GitLab from Python: Authlib (Debian's python3-authlib), an OAuth 2.0 / OpenID Connect
client this project did not write, against the command-line mock as GitLab's provider. A requests
session stands for the browser (cookies, the sign-in form, the consent form); Authlib makes the
authorization URL with PKCE, exchanges the code (client_secret_post, as the guide says for GitLab),
checks the ID token against the mock's key set on the real clock (the world's "now": "real"),
refreshes, and calls the API and userinfo with the token.
"""

import html
import os
import re
import unittest

import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session
from authlib.jose import JsonWebKey, jwt
from gitlab_mock import gitlab_mock

# The mock listens on http://127.0.0.1; Authlib refuses plain HTTP token endpoints otherwise.
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"

SEED = os.path.join(os.path.dirname(__file__), "oauth-world.json")
CALLBACK = "http://localhost:3000/callback"


def form_of(page):
    """The action and hidden fields of a page's one form."""
    action = html.unescape(re.search(r'<form [^>]*action="([^"]+)"', page).group(1))
    fields = {name: html.unescape(value) for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page)}
    return action, fields


class SignInWithGitLab(unittest.TestCase):
    def test_authlib_runs_the_code_flow_with_pkce_then_refreshes_and_calls_the_api(self):
        with gitlab_mock(SEED) as url:
            config = requests.get(f"{url}/.well-known/openid-configuration", timeout=30).json()
            self.assertEqual(config["issuer"], url)
            client = self.enterContext(OAuth2Session(
                "my-app",
                "gloas-my-app-secret",
                scope="openid profile read_api",
                redirect_uri=CALLBACK,
                code_challenge_method="S256",
                token_endpoint_auth_method="client_secret_post",
            ))
            verifier = generate_token(48)
            nonce = generate_token(16)
            authorize_url, state = client.create_authorization_url(config["authorization_endpoint"], code_verifier=verifier, nonce=nonce)

            browser = self.enterContext(requests.Session())
            sign_in = browser.get(authorize_url, allow_redirects=False, timeout=30)
            self.assertEqual((sign_in.status_code, sign_in.headers["Location"]), (302, f"{url}/users/sign_in"))
            action, _ = form_of(browser.get(sign_in.headers["Location"], timeout=30).text)
            signed_in = browser.post(action, data={"user[login]": "olivia", "user[password]": "olivia-password"}, allow_redirects=False, timeout=30)
            self.assertEqual(signed_in.headers["Location"], authorize_url)
            consent = browser.get(signed_in.headers["Location"], timeout=30)
            self.assertIn("Authorize My app to use your account?", consent.text)
            action, fields = form_of(consent.text)
            approved = browser.post(action, data=fields, allow_redirects=False, timeout=30)
            callback = approved.headers["Location"]
            self.assertTrue(callback.startswith(f"{CALLBACK}?code="))

            token = client.fetch_token(config["token_endpoint"], authorization_response=callback, state=state, code_verifier=verifier)
            self.assertEqual((token["token_type"], token["expires_in"], token["scope"]), ("Bearer", 7200, "openid profile read_api"))

            keys = JsonWebKey.import_key_set(requests.get(config["jwks_uri"], timeout=30).json())
            claims = jwt.decode(token["id_token"], keys, claims_options={"iss": {"value": url}, "aud": {"value": "my-app"}, "nonce": {"value": nonce}})
            claims.validate()  # exp and iat against this machine's clock
            self.assertEqual((claims["sub"], claims["preferred_username"]), ("1", "olivia"))

            milestones = client.get(f"{url}/api/v4/projects/acme%2Fapi/milestones", timeout=30)
            self.assertEqual([m["title"] for m in milestones.json()], ["v1.0"])
            self.assertEqual(client.get(config["userinfo_endpoint"], timeout=30).json()["preferred_username"], "olivia")

            old = dict(token)
            refreshed = client.refresh_token(config["token_endpoint"], refresh_token=old["refresh_token"])
            self.assertNotEqual(refreshed["access_token"], old["access_token"])
            self.assertEqual(client.get(f"{url}/api/v4/projects/acme%2Fapi/milestones", timeout=30).status_code, 200)
            revoked = requests.get(f"{url}/api/v4/projects/acme%2Fapi/milestones", headers={"Authorization": f"Bearer {old['access_token']}"}, timeout=30)
            self.assertEqual(
                (revoked.status_code, revoked.json()),
                (401, {"error": "invalid_token", "error_description": "Token was revoked. You have to re-authorize from the user."}),
            )
            reused = requests.post(
                config["token_endpoint"],
                data={"grant_type": "refresh_token", "refresh_token": old["refresh_token"], "client_id": "my-app", "client_secret": "gloas-my-app-secret"},
                timeout=30,
            )
            self.assertEqual((reused.status_code, reused.json()["error"]), (400, "invalid_grant"))


if __name__ == "__main__":
    unittest.main()
