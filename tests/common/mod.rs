//! Helpers shared by the host tests (each test file takes what it needs).

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// Our UCI engine driven line by line, with a reader thread so that a hang
/// fails the test instead of blocking it.
pub struct Engine {
    pub child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_jieqi"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let (stdin, stdout) = (child.stdin.take().unwrap(), child.stdout.take().unwrap());
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for l in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// Send one line (any bytes, also invalid UTF-8).
    pub fn send(&mut self, line: impl AsRef<[u8]>) {
        self.stdin.write_all(line.as_ref()).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok(l) => {
                    let done = l.starts_with(prefix);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                Err(_) => panic!("no '{prefix}' within 60 s; got {got:?}"),
            }
        }
    }

    /// Lines that arrive until none comes for `ms` milliseconds.
    pub fn quiet_for(&mut self, ms: u64) -> Vec<String> {
        let mut got = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(Duration::from_millis(ms)) {
            got.push(l);
        }
        got
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh, empty directory of this test run's own: `jieqi-NAME-PID` in
/// the system's temporary directory (anything an earlier run left removed),
/// removed with everything in it when the value is dropped, whether the
/// test passed or not.
pub fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("jieqi-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A test's scratch directory ([`scratch`]): a path, removed on drop.
pub struct Scratch(std::path::PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fake UCI engine: a shell script in `dir` that runs `on_start`, then
/// answers `uci` and `isready`, runs `on_go` for every `go` and leaves on
/// `quit`; returned as a match engine (`uci:PATH`).
pub fn fake_engine(dir: &std::path::Path, name: &str, on_start: &str, on_go: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join(name);
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\n{on_start}\nwhile read l; do case \"$l\" in\n  uci) echo uciok;;\n  \
             isready) echo readyok;;\n  go*) {on_go};;\n  quit) exit 0;;\nesac; done\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    format!("uci:{}", script.display())
}

/// Once `made` exists (within 30 s; the run under test makes it when it has
/// started its work), and a moment later, press Ctrl-C on `child` (SIGINT)
/// and return what it printed and how it ended.
pub fn interrupt_once_made(child: Child, made: &std::path::Path) -> std::process::Output {
    for _ in 0..1500 {
        if made.exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(made.exists(), "{} was never made", made.display());
    std::thread::sleep(Duration::from_millis(300));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    child.wait_with_output().unwrap()
}
