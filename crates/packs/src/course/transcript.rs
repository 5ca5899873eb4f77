//! Lesson transcripts (WebVTT, SubRip) as cues, grouped into time windows.

use super::chunk::Section;

/// Length of the time window a transcript section covers.
pub const TRANSCRIPT_WINDOW_SECS: f64 = 60.0;

/// One timed caption.
#[derive(Debug, Clone, PartialEq)]
pub struct Cue {
    /// Start, seconds from the beginning.
    pub start: f64,
    /// End, seconds.
    pub end: f64,
    /// What is said, without markup.
    pub text: String,
}

/// `hh:mm:ss.mmm`, `mm:ss.mmm` or SubRip's `hh:mm:ss,mmm`, in seconds.
fn timestamp(text: &str) -> Option<f64> {
    let text = text.trim().replace(',', ".");
    let parts: Vec<&str> = text.split(':').collect();
    let (h, m, s) = match parts.as_slice() {
        [h, m, s] => (
            h.parse::<f64>().ok()?,
            m.parse::<f64>().ok()?,
            s.parse::<f64>().ok()?,
        ),
        [m, s] => (0.0, m.parse::<f64>().ok()?, s.parse::<f64>().ok()?),
        _ => return None,
    };
    Some(h * 3600.0 + m * 60.0 + s)
}

fn strip_tags(line: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in line.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.trim().to_string()
}

/// The cues of a WebVTT or SubRip file; blocks without a valid timing line are skipped.
pub fn parse_transcript(text: &str) -> Vec<Cue> {
    let text = text.replace("\r\n", "\n");
    let mut cues = Vec::new();
    for block in text.split("\n\n") {
        let lines: Vec<&str> = block.lines().collect();
        let Some(timing) = lines.iter().position(|l| l.contains("-->")) else {
            continue;
        };
        let mut ends = lines[timing].split("-->");
        let start = ends.next().and_then(timestamp);
        // WebVTT may put cue settings after the end time.
        let end = ends
            .next()
            .and_then(|e| e.split_whitespace().next())
            .and_then(timestamp);
        let (Some(start), Some(end)) = (start, end) else {
            continue;
        };
        let said: Vec<String> = lines[timing + 1..]
            .iter()
            .map(|l| strip_tags(l))
            .filter(|l| !l.is_empty())
            .collect();
        if !said.is_empty() {
            cues.push(Cue {
                start,
                end,
                text: said.join(" "),
            });
        }
    }
    cues
}

fn clock(seconds: f64) -> String {
    let total = seconds.max(0.0) as u64;
    format!("{:02}:{:02}", total / 60, total % 60)
}

/// Consecutive cues grouped into windows of about [`TRANSCRIPT_WINDOW_SECS`], each a
/// section titled with its time range (`01:00–02:05`).
pub fn transcript_sections(cues: &[Cue]) -> Vec<Section> {
    let mut sections = Vec::new();
    let mut window: Vec<&Cue> = Vec::new();
    for cue in cues {
        if let Some(first) = window.first() {
            if cue.start >= first.start + TRANSCRIPT_WINDOW_SECS {
                sections.push(window_section(&window));
                window.clear();
            }
        }
        window.push(cue);
    }
    if !window.is_empty() {
        sections.push(window_section(&window));
    }
    sections
}

fn window_section(window: &[&Cue]) -> Section {
    let start = window.first().map_or(0.0, |c| c.start);
    let end = window.last().map_or(0.0, |c| c.end);
    Section {
        title: format!("{}–{}", clock(start), clock(end)),
        text: window
            .iter()
            .map(|c| c.text.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webvtt_cues_are_read_without_markup() {
        let vtt = "WEBVTT\n\nNOTE a comment\n\n1\n00:00:01.000 --> 00:00:04.500 align:start\n<v Teacher>Let us solve</v>\nfor x.\n\n00:05.000 --> 00:07.000\nFirst, subtract 3.\n";
        let cues = parse_transcript(vtt);
        assert_eq!(cues.len(), 2);
        assert_eq!(cues[0].text, "Let us solve for x.");
        assert_eq!((cues[0].start, cues[0].end), (1.0, 4.5));
        assert_eq!(cues[1].start, 5.0);
    }

    #[test]
    fn subrip_commas_and_crlf_are_understood() {
        let srt = "1\r\n00:01:00,250 --> 00:01:02,000\r\nHello\r\n\r\n2\r\nbroken --> timing\r\nskipped\r\n";
        let cues = parse_transcript(srt);
        assert_eq!(cues.len(), 1);
        assert_eq!(cues[0].start, 60.25);
    }

    #[test]
    fn cues_are_grouped_into_minute_windows() {
        let cue = |start: f64, text: &str| Cue {
            start,
            end: start + 5.0,
            text: text.into(),
        };
        let sections = transcript_sections(&[
            cue(0.0, "a"),
            cue(30.0, "b"),
            cue(61.0, "c"),
            cue(130.0, "d"),
        ]);
        let titles: Vec<_> = sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles, ["00:00–00:35", "01:01–01:06", "02:10–02:15"]);
        assert_eq!(sections[0].text, "a b");
    }
}
