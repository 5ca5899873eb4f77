//! Installing a verified package: the app asks an administrator (`pkexec`) to run its
//! own installed binary as the installer ([`crate::privileged`]), which copies, verifies
//! and installs the package where the student cannot reach it.

use std::path::Path;
use std::process::Stdio;

use lantern_core::updates::{UpdateError, UpdateKey};
use tokio::process::Command;

use crate::check::{verify, UpdateOffer};
use crate::privileged::{last_lines, INSTALL_FLAG, PACKAGE};

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

/// The command that installs the offer: `pkexec EXE --install-update PACKAGE SIGNATURE`,
/// where `exe` is the installed app binary (root-owned, from the `lantern` package), so
/// the system asks for an administrator under the `org.lantern.studydesk.update` action.
pub fn install_command(exe: &Path, offer: &UpdateOffer) -> Command {
    let mut command = Command::new("pkexec");
    command
        .arg(exe)
        .arg(INSTALL_FLAG)
        .arg(&offer.package)
        .arg(&offer.signature);
    command.stdin(Stdio::null());
    command
}

/// Checks the offer's copy against its signature once more (a quick refusal of a copy
/// changed since the check), then has the installer, as root, install it.
pub async fn install(
    offer: &UpdateOffer,
    key: &UpdateKey,
    exe: &Path,
) -> Result<String, UpdateError> {
    verify(key, &offer.signature, &offer.package).await?;
    let output = install_command(exe, offer).output().await.map_err(|e| {
        UpdateError::InstallFailed(format!(
            "cannot run pkexec ({e}); an administrator can run `apt install {}`",
            offer.package.display()
        ))
    })?;
    let report = String::from_utf8_lossy(&output.stdout);
    let reported = report
        .lines()
        .rev()
        .find_map(|line| serde_json::from_str::<Result<String, UpdateError>>(line).ok());
    match (reported, output.status.code()) {
        (Some(result), _) => result,
        (None, Some(126 | 127)) => Err(UpdateError::InstallFailed(
            "an administrator did not authorise the installation".into(),
        )),
        (None, _) => Err(UpdateError::InstallFailed(last_lines(&output.stderr))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn offer() -> UpdateOffer {
        UpdateOffer {
            version: "0.2.0".into(),
            current_version: "0.1.0".into(),
            notes: String::new(),
            published: None,
            location: "/media/usb/lantern-repo".into(),
            package: PathBuf::from("/home/s/.cache/lantern/lantern_0.2.0_amd64.deb"),
            size: 1,
            sha256: String::new(),
            key_id: String::new(),
            signature: "c2lnbmF0dXJl".into(),
        }
    }

    #[test]
    fn the_install_asks_an_administrator_to_run_the_installed_binary_as_the_installer() {
        let command = install_command(Path::new("/usr/bin/lantern-app"), &offer());
        let std = command.as_std();
        assert_eq!(std.get_program(), "pkexec");
        let args: Vec<_> = std
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "/usr/bin/lantern-app",
                INSTALL_FLAG,
                "/home/s/.cache/lantern/lantern_0.2.0_amd64.deb",
                "c2lnbmF0dXJl"
            ]
        );
    }

    #[tokio::test]
    async fn a_binary_no_package_installed_cannot_install_updates() {
        let exe = std::env::current_exe().unwrap();
        let err = installed_from_package(&exe).await.unwrap_err();
        assert!(matches!(err, UpdateError::InstallUnavailable(_)), "{err}");
    }

    #[test]
    fn the_installers_report_carries_its_typed_error() {
        let refused: Result<String, UpdateError> = Err(UpdateError::DowngradeRefused {
            offered: "0.1.0".into(),
            installed: "0.2.0".into(),
        });
        let line = serde_json::to_string(&refused).unwrap();
        let read: Result<String, UpdateError> = serde_json::from_str(&line).unwrap();
        assert_eq!(read, refused);
    }
}
