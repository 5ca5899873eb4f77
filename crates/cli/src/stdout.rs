//! Standard output that ends quietly when its reader goes: `lantern … | head` stops the
//! command instead of panicking in `println!` ("failed printing to stdout").

use std::fmt::Arguments;
use std::io::{ErrorKind, Write};

/// Writes `args` to standard output and flushes it (streamed text shows at once). When the
/// reader has closed the pipe, the process ends with status 0, as `head` expects; any
/// other failure to write ends it with status 1 and says so on stderr.
pub fn write(args: Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(error) = out.write_fmt(args).and_then(|()| out.flush()) {
        if error.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error[output_failed]: cannot write to standard output: {error}");
        std::process::exit(1);
    }
}

/// `print!` for the CLI's output: see [`write`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::stdout::write(format_args!($($arg)*))
    };
}

/// `println!` for the CLI's output: see [`write`].
macro_rules! outln {
    () => {
        $crate::stdout::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::stdout::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}
