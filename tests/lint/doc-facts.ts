import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { apiRoutes } from '../../src/worker/app';
import { honoPathOf } from '../../src/worker/openapi/api-route';

/**
 * What the README and docs/ name must exist: repository paths, npm scripts (with the flags and
 * CLI commands given to them), API routes and the variables the worker reads. `readRepoFacts`
 * reads what the repo has; `problemsIn` lists what one document names that the repo lacks.
 * tests/lint/doc-references.test.ts runs it on every document.
 */
export interface RepoFacts {
  root: string;
  /** Every file on disk that git tracks or would track (not ignored), repo-relative. */
  files: ReadonlySet<string>;
  /** Every folder holding one of `files`. */
  folders: ReadonlySet<string>;
  scripts: ReadonlySet<string>;
  /** The app's routes as `METHOD /api/path` (their declarations, apiRoutes of src/worker/app.ts). */
  routes: ReadonlySet<string>;
  /** Env of src/worker/env.ts, the bindings of wrangler.toml and the names of .dev.vars.example. */
  workerVariables: ReadonlySet<string>;
  /** UPPER_SNAKE names the code uses: constants, variables of the tools, TA-Lib's functions. */
  codeNames: ReadonlySet<string>;
  vitestProjects: ReadonlySet<string>;
  /** The commands of `npm run engine -- <command>` (COMMANDS of src/cli/main.ts). */
  cliCommands: ReadonlySet<string>;
  /** Flags (`--name`) that the scripts under scripts/ and bench/ read. */
  scriptFlags: ReadonlySet<string>;
}

/** Top-level folders whose paths a document names from the repo's root. */
const TOP_FOLDERS = ['src', 'tests', 'docs', 'bench', 'build', 'scripts', 'migrations', 'public', '.ci'];
/** Names that stand for something the reader fills in. */
const PLACEHOLDER_NAMES = new Set(['RUN_ID']);
/** The CLI examples' input files (`R.json`, `C.csv`, `G.json`): the reader's own. */
const PLACEHOLDER_FILE = /^[A-Z]\.(?:json|csv)$/;
/** What the build, the tools or the developer make; a fresh clone has none of it. */
const MADE_LOCALLY = /^(?:dist|node_modules|\.wrangler|test-results)\//;
const FILE_EXTENSION = /\.(?:ts|tsx|mjs|js|json|toml|md|sql|css|py|html|example)$/;
const CODE_FILE = /\.(?:ts|tsx|mjs|js|toml|py|sql)$|^\.ci\/run$|^\.dev\.vars\.example$|^package\.json$/;
const UPPER_SNAKE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
const METHOD = '(?:GET|POST|PUT|PATCH|DELETE|HEAD)';
/** A path under /api: `…` stands for an id in the examples (`/api/jobs/9b2e…`). */
const API_PATH = '/api/[\\w:./{}…-]*';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown text's headings, fenced blocks left out. */
export function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(headingAnchor(heading[1]!));
  }
  return anchors;
}

export function readRepoFacts(root: string): RepoFacts {
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = new Set(listed.split('\0').filter((path) => path !== '' && existsSync(join(root, path))));
  const folders = new Set(
    [...files].flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, index, parts) => parts.slice(0, index + 1).join('/')),
    ),
  );

  const envSource = read('src/worker/env.ts');
  const envBlock = /export interface Env\b[^{]*\{([\s\S]*?)\n\}/.exec(envSource)?.[1] ?? '';
  const workerVariables = new Set([
    ...[...envBlock.matchAll(/^\s+([A-Z][A-Z0-9_]*)\??:/gm)].map((match) => match[1]!),
    ...[...read('wrangler.toml').matchAll(/^\s*binding\s*=\s*"(\w+)"/gm)].map((match) => match[1]!),
    ...[...read('.dev.vars.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!),
  ]);

  const codeNames = new Set<string>();
  const scriptFlags = new Set<string>();
  for (const file of files) {
    if (!CODE_FILE.test(file) || file.startsWith('tests/lint/doc-')) continue;
    const text = read(file);
    for (const [name] of text.matchAll(UPPER_SNAKE)) codeNames.add(name);
    if (/^(?:scripts|bench)\//.test(file)) {
      for (const match of text.matchAll(/['"`](--[\w-]+)['"`]/g)) scriptFlags.add(match[1]!);
    }
  }

  const commandsBlock = /const COMMANDS\b[^{]*\{([\s\S]*?)\n\};/.exec(read('src/cli/main.ts'))?.[1] ?? '';
  const vitestProjects = [...files]
    .filter((file) => /^tests\/[\w-]+\/vitest\.config\.ts$/.test(file))
    .map((file) => /\bname: '([\w-]+)'/.exec(read(file))?.[1])
    .filter((name): name is string => name !== undefined);

  return {
    root,
    files,
    folders,
    scripts: new Set(Object.keys((JSON.parse(read('package.json')) as { scripts: object }).scripts)),
    routes: new Set(apiRoutes().map((route) => `${route.method.toUpperCase()} ${honoPathOf(route.path)}`)),
    workerVariables,
    codeNames,
    vitestProjects: new Set(vitestProjects),
    cliCommands: new Set([...commandsBlock.matchAll(/^\s*'?([\w-]+)'?:/gm)].map((match) => match[1]!)),
    scriptFlags,
  };
}

/**
 * Whether a route (`GET /api/jobs/:id`) answers what a document writes (`GET /api/jobs/9b2e…`):
 * the same method, and each part the same or one the route takes as a parameter. With `prefix`,
 * the written path may stop short of the route's (a cookie's path, `/api/auth`).
 */
function answers(route: string, written: string, prefix = false): boolean {
  const [method, path] = route.split(' ') as [string, string];
  const [writtenMethod, writtenPath] = written.split(' ') as [string, string];
  const parts = path.split('/');
  const writtenParts = writtenPath.split('/');
  if (method !== writtenMethod) return false;
  if (prefix ? writtenParts.length > parts.length : writtenParts.length !== parts.length) return false;
  return writtenParts.every((part, index) => part === parts[index] || parts[index]!.startsWith(':'));
}

interface Piece {
  text: string;
  line: number;
  /** A line of prose, a line of a fenced block, or a code span of a prose line. */
  kind: 'prose' | 'fence' | 'span';
  /** The last heading above the piece. */
  section: string;
}

function piecesOf(markdown: string): Piece[] {
  const pieces: Piece[] = [];
  let inFence = false;
  let section = '';
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (text.startsWith('```')) inFence = !inFence;
    else if (inFence) pieces.push({ text, line, kind: 'fence', section });
    else {
      section = /^#{1,6} (.+)$/.exec(text)?.[1] ?? section;
      pieces.push({ text, line, kind: 'prose', section });
      for (const [, span] of text.matchAll(/`([^`]+)`/g))
        pieces.push({ text: span!, line, kind: 'span', section });
    }
  });
  return pieces;
}

/** What `doc` (a repo-relative path) names that the repo lacks, one line per problem. */
export function problemsIn(doc: string, markdown: string, facts: RepoFacts): string[] {
  const problems: string[] = [];
  const report = (line: number, what: string) => problems.push(`${doc}:${line}: ${what}`);
  const exists = (path: string) => {
    const clean = path.replace(/\/+$/, '');
    return clean === '' || clean === '.' || facts.files.has(clean) || facts.folders.has(clean);
  };
  const pieces = piecesOf(markdown);
  const lines = pieces.filter((piece) => piece.kind !== 'span');

  // Paths from the repo's root, wherever they are written.
  const top = TOP_FOLDERS.map((folder) => folder.replace('.', '\\.')).join('|');
  const rooted = new RegExp(`(?<![\\w./@$-])(?:${top})/(?:[\\w.-]+/?)*`, 'g');
  for (const piece of lines) {
    for (const match of piece.text.matchAll(rooted)) {
      const next = piece.text[match.index + match[0].length];
      if (next !== undefined && '<*{'.includes(next)) continue; // a pattern: tests/<project>/...
      const path = match[0].replace(/\.+$/, '');
      if (!exists(path)) report(piece.line, `path ${path} (no such file or folder)`);
    }
  }

  // In code: paths relative to a folder the text names (`jobs/queue.ts`, `routes/`) and bare file
  // names (`admit-run.ts`): a file or folder of the repo must end so.
  for (const piece of pieces.filter((p) => p.kind !== 'prose')) {
    for (const word of piece.text.split(/[\s,;()]+/)) {
      if (!/^\.?[\w-][\w.-]*(?:\/[\w.-]+)*\/?$/.test(word) || PLACEHOLDER_FILE.test(word)) continue;
      if (TOP_FOLDERS.some((folder) => word.startsWith(`${folder}/`)) || MADE_LOCALLY.test(word)) continue;
      const isFolder = word.includes('/') && word.endsWith('/');
      if (!isFolder && !FILE_EXTENSION.test(word)) continue;
      const tail = `/${word.replace(/\/$/, '')}`;
      const found = isFolder
        ? [...facts.folders].some((folder) => `/${folder}`.endsWith(tail))
        : [...facts.files].some((file) => `/${file}`.endsWith(tail));
      if (!found) report(piece.line, `file ${word} (no ${isFolder ? 'folder' : 'file'} of the repo ends so)`);
    }
  }

  // Markdown links into the repo, relative to the document, and the headings they name.
  for (const piece of pieces.filter((p) => p.kind === 'prose')) {
    for (const [, target] of piece.text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(?:[a-z]+:|\/\/)/.test(target!)) continue;
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const path = file === '' ? doc : normalize(join(dirname(doc), file));
      if (!exists(path)) report(piece.line, `link ${target} (no such file or folder)`);
      else if (
        anchor &&
        path.endsWith('.md') &&
        !anchorsIn(readFileSync(join(facts.root, path), 'utf8')).has(anchor)
      ) {
        report(piece.line, `link ${target} (no such heading)`);
      }
    }
  }

  // npm scripts, and the CLI commands and flags given to them; Vitest projects.
  for (const piece of lines) {
    for (const match of piece.text.matchAll(/\bnpm (?:run(?: -s)? ([\w:.-]+)|(test|start)\b)([^`#]*)/g)) {
      const script = match[1] ?? match[2]!;
      if (!facts.scripts.has(script)) {
        report(piece.line, `npm script ${script} (not in package.json)`);
        continue;
      }
      const args = /^\s+--\s+(.*)/.exec(match[3]!)?.[1]?.split(/[\s`]+/) ?? [];
      if (script === 'engine') {
        if (args[0] && /^[a-z]/.test(args[0]) && !facts.cliCommands.has(args[0])) {
          report(piece.line, `CLI command ${args[0]} (not in COMMANDS of src/cli/main.ts)`);
        }
      } else {
        for (const flag of args.filter((arg) => /^--[\w-]+$/.test(arg))) {
          if (!facts.scriptFlags.has(flag))
            report(piece.line, `flag ${flag} of npm run ${script} (no script reads it)`);
        }
      }
    }
    for (const [, project] of piece.text.matchAll(/--project (\w[\w-]*)/g)) {
      if (!facts.vitestProjects.has(project!))
        report(piece.line, `Vitest project ${project} (no such project)`);
    }
  }

  // Routes: `METHOD /api/...`, methods listed before one path (`GET`, `POST /api/portfolios`), and
  // bare `/api/...` paths, which some route must have (or begin with: a cookie's path). A method
  // may end one line and its path begin the next: the lines are joined with spaces, which keeps
  // every offset.
  const flat = markdown.replace(/\n/g, ' ');
  const lineAt = (offset: number) => markdown.slice(0, offset).split('\n').length;
  const routes = [...facts.routes];
  const withMethod = new Set<number>();
  const routeRegex = new RegExp(`((?:\\b${METHOD}\`?,\\s*\`?)*)\\b(${METHOD})\`? \`?(${API_PATH})`, 'g');
  for (const match of flat.matchAll(routeRegex)) {
    const path = match[3]!.replace(/\.+$/, '');
    withMethod.add(match.index + match[0].length - match[3]!.length);
    for (const method of [...(match[1]!.match(new RegExp(METHOD, 'g')) ?? []), match[2]!]) {
      const answered = method === 'HEAD' ? 'GET' : method;
      if (!routes.some((route) => answers(route, `${answered} ${path}`))) {
        report(lineAt(match.index), `route ${method} ${path} (not a route of the app)`);
      }
    }
  }
  // A path inside a file's (src/shared/api/jobs.ts) or an address's (`$HOST/api/health`) is not one.
  for (const match of flat.matchAll(new RegExp(`(?<![\\w.$-])${API_PATH}`, 'g'))) {
    const path = match[0].replace(/\.+$/, '').replace(/\/$/, '');
    if (withMethod.has(match.index) || flat[match.index + match[0].length] === '*') continue;
    const anyMethod = (route: string) => `${route.split(' ')[0]} ${path}`;
    if (!routes.some((route) => answers(route, anyMethod(route), true))) {
      report(lineAt(match.index), `path ${path} (no route of the app has it)`);
    }
  }

  // UPPER_SNAKE names: a variable the worker reads, or a name the code uses. Under a heading about
  // configuration, and after `wrangler secret put`, only the worker's own variables will do.
  for (const piece of lines) {
    const strict = /configuration|the worker's variables/i.test(piece.section);
    for (const [name] of piece.text.matchAll(UPPER_SNAKE)) {
      if (PLACEHOLDER_NAMES.has(name) || facts.workerVariables.has(name)) continue;
      if (strict || new RegExp(`secret put ${name}\\b`).test(piece.text)) {
        report(piece.line, `variable ${name} (not in src/worker/env.ts, wrangler.toml or .dev.vars.example)`);
      } else if (!facts.codeNames.has(name)) {
        report(piece.line, `name ${name} (not a variable of the worker, nor a name the code uses)`);
      }
    }
  }
  return [...new Set(problems)];
}
