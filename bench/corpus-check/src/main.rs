//! `stitch-corpus-check [--ref-map URI=DIR]... [--deep] [--collisions merge] FILE...`: for each
//! document stitch's flattener
//! changes, generate values from each contract schema (noson, seeded), keep those the contract
//! accepts, and count how many the presentation accepts, under `strict` (must be all) and
//! `declared` semantics. One line per changed document, then totals.

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::Value;
use stitch::document::{self, Input, LoadOptions, RefMap};
use stitch::flatten::{self, Semantics};
use stitch::validate::{Resource, Validator};

const ATTEMPTS: u64 = 200;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut map = Vec::new();
    let mut files = Vec::new();
    let mut choices = flatten::Choices::default();
    while let Some(arg) = args.next() {
        if arg == "--deep" {
            choices.deep = true;
        } else if arg == "--collisions" {
            choices.collisions = match args.next().as_deref() {
                Some("merge") => flatten::Collisions::Merge,
                _ => flatten::Collisions::AnyOf,
            };
        } else if arg == "--ref-map" {
            let pair = args.next().expect("--ref-map URI=DIR");
            let (uri, dir) = pair.split_once('=').expect("URI=DIR");
            map.push((uri.to_owned(), dir.into()));
        } else {
            files.push(arg);
        }
    }
    let options = LoadOptions { ref_map: RefMap::new(map), ..LoadOptions::default() };
    let (mut documents, mut generated, mut valid, mut strict_rejected, mut declared_rejected) = (0, 0, 0, 0, 0);
    for file in files {
        let Ok(loaded) = document::load(&Input::File(file.clone().into()), &options) else { continue };
        let input = loaded.input();
        let uris: Vec<String> = loaded.documents.iter().map(|d| d.uri.to_string()).collect();
        let resources: Vec<Resource<'_>> = loaded.documents[1..]
            .iter()
            .zip(&uris[1..])
            .map(|(d, uri)| Resource { uri, value: &d.value, draft: d.draft })
            .collect();
        let (strict, _) = flatten::flatten_loaded(&loaded, flatten::Choices { semantics: Semantics::Strict, ..choices });
        let (declared, _) = flatten::flatten_loaded(&loaded, flatten::Choices { semantics: Semantics::Declared, ..choices });
        if *strict == input.value && *declared == input.value {
            continue;
        }
        documents += 1;
        let mut line = (0, 0, 0, 0);
        for (_, at) in loaded.contents.schemas() {
            let Some(contract) = input.value.pointer(at) else { continue };
            let build = |schema: &Value| Validator::new(schema, input.draft, &uris[0], &resources).ok();
            let (Some(c), Some(s), Some(d)) = (
                build(contract),
                strict.pointer(at).and_then(build),
                declared.pointer(at).and_then(build),
            ) else {
                println!("{file}#{at}: a schema does not compile");
                continue;
            };
            for seed in 0..ATTEMPTS {
                let mut rng = StdRng::seed_from_u64(seed);
                let Ok(value) = noson::generate(contract, &mut rng) else { continue };
                line.0 += 1;
                if !c.is_valid(&value) {
                    continue;
                }
                line.1 += 1;
                if !s.is_valid(&value) {
                    line.2 += 1;
                    println!("{file}#{at}: strict presentation rejects {value}");
                }
                if !d.is_valid(&value) {
                    line.3 += 1;
                }
            }
        }
        println!(
            "{file}: generated {}, valid under the contract {}, rejected by strict {}, by declared {}",
            line.0, line.1, line.2, line.3
        );
        generated += line.0;
        valid += line.1;
        strict_rejected += line.2;
        declared_rejected += line.3;
    }
    println!(
        "TOTAL changed documents {documents}: generated {generated}, valid under the contract {valid}, rejected by the strict presentation {strict_rejected}, by the declared presentation {declared_rejected}"
    );
}
