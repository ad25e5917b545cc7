"""python-gitlab (Debian's python3-gitlab, 3.12) administering the command-line mock: the lifecycle
of users, groups and projects an administrator's script goes through (create, update, block and
unblock, share, transfer, archive, delete and restore), checked against what GitLab answers."""

import os
import unittest

import gitlab
from gitlab_mock import gitlab_mock

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = "glpat-root-0000000000000000"


class Administration(unittest.TestCase):
    def setUp(self):
        self.url = self.enterContext(gitlab_mock(os.path.join(HERE, "admin-world.json")))
        self.gl = gitlab.Gitlab(self.url, private_token=ROOT)

    def test_users_are_created_updated_blocked_and_deleted(self):
        user = self.gl.users.create(
            {"username": "alex", "name": "Alex Doe", "email": "alex@example.com", "password": "correct-horse-battery"}
        )
        self.assertEqual((user.username, user.state), ("alex", "active"))
        with self.assertRaises(gitlab.GitlabCreateError) as taken:
            self.gl.users.create({"username": "alex", "name": "A", "email": "a2@example.com", "password": "correct-horse-1"})
        self.assertEqual(taken.exception.response_code, 409)

        user.name = "Alex Q. Doe"
        user.save()
        self.assertEqual(self.gl.users.get(user.id).name, "Alex Q. Doe")

        user.block()
        self.assertEqual(self.gl.users.get(user.id).state, "blocked")
        user.unblock()
        self.assertEqual(self.gl.users.get(user.id).state, "active")

        with open(os.path.join(HERE, "ansible", "alex.pub"), encoding="utf-8") as public_key:
            key = user.keys.create({"title": "laptop", "key": public_key.read()})
        self.assertEqual([k.id for k in user.keys.list()], [key.id])

        user.delete()
        with self.assertRaises(gitlab.GitlabGetError) as gone:
            self.gl.users.get(user.id)
        self.assertEqual(gone.exception.response_code, 404)

    def test_groups_and_projects_are_created_shared_transferred_archived_deleted_and_restored(self):
        infra = self.gl.groups.create({"name": "Infra", "path": "infra"})
        tools = self.gl.groups.create({"name": "Tools", "path": "tools", "parent_id": infra.id})
        self.assertEqual(tools.full_path, "infra/tools")
        ops = self.gl.groups.create({"name": "Ops", "path": "ops"})

        project = self.gl.projects.create(
            {"name": "deployer", "namespace_id": tools.id, "initialize_with_readme": True, "merge_method": "ff"}
        )
        self.assertEqual(project.path_with_namespace, "infra/tools/deployer")
        self.assertEqual(project.default_branch, "main")
        self.assertEqual([b.name for b in project.branches.list()], ["main"])

        project.description = "Deploys the platform"
        project.save()
        self.assertEqual(self.gl.projects.get(project.id).description, "Deploys the platform")

        project.share(ops.id, gitlab.const.AccessLevel.DEVELOPER)
        shared = self.gl.projects.get(project.id).shared_with_groups
        self.assertEqual([(g["group_id"], g["group_access_level"]) for g in shared], [(ops.id, 30)])
        project.unshare(ops.id)
        self.assertEqual(self.gl.projects.get(project.id).shared_with_groups, [])

        project.transfer(ops.id)
        self.assertEqual(self.gl.projects.get(project.id).path_with_namespace, "ops/deployer")

        project.archive()
        self.assertTrue(self.gl.projects.get(project.id).archived)
        with self.assertRaises(gitlab.GitlabCreateError) as read_only:
            project.milestones.create({"title": "v1"})
        self.assertEqual(read_only.exception.response_code, 403)
        project.unarchive()
        self.assertFalse(self.gl.projects.get(project.id).archived)

        tools.transfer(ops.id)
        self.assertEqual(self.gl.groups.get(tools.id).full_path, "ops/tools")

        project.delete()
        self.assertIsNotNone(self.gl.projects.get(project.id).marked_for_deletion_at)
        project.restore()
        self.assertIsNone(self.gl.projects.get(project.id).marked_for_deletion_at)

        infra.delete()
        self.assertIsNotNone(self.gl.groups.get(infra.id).marked_for_deletion_on)
        self.gl.http_post(f"/groups/{infra.id}/restore")
        self.assertIsNone(self.gl.groups.get(infra.id).marked_for_deletion_on)


if __name__ == "__main__":
    unittest.main()
