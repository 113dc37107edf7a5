#!/usr/bin/env bash
# Cuts a release: scripts/release.sh X.Y.Z [--push]
#
# On a clean main with a dist/ that matches the sources, it sets the version in package.json, dates the
# "Unreleased" section of CHANGELOG.md, commits, tags vX.Y.Z and moves the major tag vX to the same
# commit, which is the tag workflows use (`uses: owner/repo@vX`). It prints the push commands, or runs
# them with --push. A pre-release (X.Y.Z-rc.1) gets its own tag and leaves vX where it is.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/release.sh X.Y.Z [--push]" >&2
  exit 2
}
fail() {
  echo "release: $*" >&2
  exit 1
}

# check: the Unreleased section lists something; write VERSION DATE: files it under a new version heading.
changelog() {
  # shellcheck disable=SC2016 # the quoted text is JavaScript, with its own template literals
  node -e '
    const fs = require("node:fs");
    const [mode, version, date] = process.argv.slice(1);
    const text = fs.readFileSync("CHANGELOG.md", "utf8");
    const unreleased = /^## \[Unreleased\][^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(text);
    const problem = !unreleased
      ? "CHANGELOG.md has no \"## [Unreleased]\" section"
      : !/^\s*[-*] /m.test(unreleased[1])
        ? "the Unreleased section of CHANGELOG.md lists nothing"
        : "";
    if (problem) {
      console.error(`release: ${problem}`);
      process.exit(1);
    }
    if (mode === "write") {
      const at = unreleased.index + unreleased[0].length - unreleased[1].length;
      fs.writeFileSync("CHANGELOG.md", `${text.slice(0, at)}\n## [${version}] - ${date}\n${text.slice(at)}`);
    }
  ' "$@"
}

version=""
push=false
for arg in "$@"; do
  case "$arg" in
    --push) push=true ;;
    -h | --help) usage ;;
    -*) usage ;;
    *) [ -z "$version" ] || usage; version="$arg" ;;
  esac
done
[ -n "$version" ] || usage
[[ "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]] ||
  fail "'$version' is not a version of the form X.Y.Z"
major="v${BASH_REMATCH[1]}"
prerelease="${BASH_REMATCH[4]}"
tag="v$version"
remote="${RELEASE_REMOTE:-origin}"
branch="${RELEASE_BRANCH:-main}"

current_branch="$(git symbolic-ref --quiet --short HEAD || true)"
[ "$current_branch" = "$branch" ] || fail "releases are cut from $branch, not from '${current_branch:-a detached HEAD}'"
[ -z "$(git status --porcelain)" ] || fail "the work tree is not clean; commit or stash first"
if git rev-parse --quiet --verify "refs/tags/$tag" >/dev/null; then
  fail "tag $tag exists already"
fi
if git rev-parse --quiet --verify "refs/remotes/$remote/$branch" >/dev/null &&
  [ "$(git rev-list --count "HEAD..$remote/$branch")" != 0 ]; then
  fail "$branch is behind $remote/$branch; pull first"
fi
changelog check || exit 1

echo "== checking that dist/ matches the sources"
npm run -s build
if [ -n "$(git status --porcelain -- dist)" ]; then
  git status --porcelain -- dist >&2
  fail "dist/ is stale: commit the output of 'npm run build' first"
fi

echo "== $tag"
npm version "$version" --no-git-tag-version --allow-same-version >/dev/null
changelog write "$version" "$(date -u +%Y-%m-%d)"
# The bundle may embed the version; rebuild so that the tagged dist/ is the one the sources produce.
npm run -s build

git add package.json CHANGELOG.md dist
[ ! -f package-lock.json ] || git add package-lock.json
git commit --quiet -m "Release $tag"
git tag -a "$tag" -m "$tag"
push_tags=("$tag")
if [ -z "$prerelease" ]; then
  git tag -fa "$major" -m "$tag" >/dev/null
  push_tags+=("$major")
fi

commands=("git push $remote $branch" "git push $remote $tag")
[ -n "$prerelease" ] || commands+=("git push --force $remote $major")
if $push; then
  git push "$remote" "$branch"
  git push "$remote" "$tag"
  [ -n "$prerelease" ] || git push --force "$remote" "$major"
  echo "released $tag (tags: ${push_tags[*]})"
else
  echo "tagged $tag (tags: ${push_tags[*]}); to publish:"
  printf '  %s\n' "${commands[@]}"
fi
