//! The man pages committed under `man/` are what clap_mangen makes of the command line now:
//! `stitch.1` and one page per subcommand (`stitch-check.1`, …). A stale page fails this test;
//! `SNAPSHOTS=overwrite cargo test --test man` rewrites them. Read one with `man man/stitch.1`.

use std::path::Path;

use clap::CommandFactory;
use stitch::cli::Cli;

fn render(command: clap::Command) -> Vec<u8> {
    let mut out = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut out)
        .expect("rendering into memory");
    out
}

#[test]
fn committed_man_pages_are_current() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let overwrite = std::env::var("SNAPSHOTS").is_ok_and(|v| v == "overwrite");
    let mut command = Cli::command();
    command.build();
    let mut pages = vec![("stitch.1".to_owned(), render(command.clone()))];
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("stitch-{}", sub.get_name());
        let file = format!("{name}.1");
        // clap takes a command's name as a `&'static str`; a test may leak a few.
        let name: &'static str = Box::leak(name.into_boxed_str());
        pages.push((file, render(sub.clone().name(name))));
    }
    let mut stale = Vec::new();
    for (file, page) in &pages {
        let path = folder.join(file);
        if std::fs::read(&path).unwrap_or_default() != *page {
            if overwrite {
                std::fs::create_dir_all(&folder).expect("man/ can be created");
                std::fs::write(&path, page).expect("a man page can be written");
            } else {
                stale.push(format!("man/{file}"));
            }
        }
    }
    let committed = std::fs::read_dir(&folder).map_or(0, Iterator::count);
    assert!(
        stale.is_empty() && committed == pages.len(),
        "stale: {}; {committed} files in man/ for {} pages; regenerate with `SNAPSHOTS=overwrite cargo test --test man`",
        stale.join(", "),
        pages.len()
    );
}
