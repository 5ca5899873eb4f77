//! Installing a verified package with the system's package manager, after an
//! administrator authorises it (`pkexec`).

use std::path::Path;
use std::process::Stdio;

use lantern_core::updates::{UpdateError, UpdateKey};
use tokio::process::Command;

use crate::check::{verify, UpdateOffer};

/// The Debian package Lantern is installed as.
const PACKAGE: &str = "lantern";

/// Whether `exe` was installed by the `lantern` Debian package; otherwise why the app
/// cannot install updates itself (a development build, a copied binary).
pub async fn installed_from_package(exe: &Path) -> Result<(), UpdateError> {
    let output = Command::new("dpkg-query")
        .arg("--search")
        .arg(exe)
        .stdin(Stdio::null())
        .output()
        .await;
    let owner = output.ok().filter(|o| o.status.success()).map(|o| {
        String::from_utf8_lossy(&o.stdout)
            .split(':')
            .next()
            .unwrap_or_default()
            .trim()
            .to_string()
    });
    if owner.as_deref() == Some(PACKAGE) {
        return Ok(());
    }
    Err(UpdateError::InstallUnavailable(format!(
        "{} was not installed from the {PACKAGE} package; install the update with `sudo apt install` instead",
        exe.display()
    )))
}

/// The command that installs `package`: `pkexec apt-get install -y PACKAGE`, so the
/// system asks for an administrator and apt resolves dependencies.
pub fn install_command(package: &Path) -> Command {
    let mut command = Command::new("pkexec");
    command
        .args([
            "/usr/bin/apt-get",
            "install",
            "-y",
            "--no-install-recommends",
        ])
        .arg(package);
    command.stdin(Stdio::null());
    command
}

/// Checks the offer's copy against its signature once more, then installs it.
pub async fn install(offer: &UpdateOffer, key: &UpdateKey) -> Result<(), UpdateError> {
    verify(key, &offer.signature, &offer.package).await?;
    let output = install_command(&offer.package)
        .output()
        .await
        .map_err(|e| {
            UpdateError::InstallFailed(format!(
                "cannot run pkexec ({e}); an administrator can run `apt install {}`",
                offer.package.display()
            ))
        })?;
    match output.status.code() {
        Some(0) => Ok(()),
        Some(126) | Some(127) => Err(UpdateError::InstallFailed(
            "an administrator did not authorise the installation".into(),
        )),
        _ => {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let last: Vec<&str> = stderr.lines().rev().take(3).collect();
            Err(UpdateError::InstallFailed(
                last.into_iter().rev().collect::<Vec<_>>().join(" "),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_install_asks_an_administrator_and_lets_apt_resolve_dependencies() {
        let command = install_command(Path::new("/home/s/.cache/lantern/lantern_0.2.0_amd64.deb"));
        let std = command.as_std();
        assert_eq!(std.get_program(), "pkexec");
        let args: Vec<_> = std
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "/usr/bin/apt-get",
                "install",
                "-y",
                "--no-install-recommends",
                "/home/s/.cache/lantern/lantern_0.2.0_amd64.deb"
            ]
        );
    }

    #[tokio::test]
    async fn a_binary_no_package_installed_cannot_install_updates() {
        let exe = std::env::current_exe().unwrap();
        let err = installed_from_package(&exe).await.unwrap_err();
        assert!(matches!(err, UpdateError::InstallUnavailable(_)), "{err}");
    }
}
