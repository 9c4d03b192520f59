//! Short synthesized sounds (Web Audio): no files to download, no leading
//! silence. The context is resumed on the first tap, as browsers require.

use web_sys::{AudioContext, OscillatorType};

pub use crate::session::Sound;

/// (frequency Hz, start s, length s, wave) notes of each sound.
fn notes(s: Sound) -> &'static [(f32, f64, f64, OscillatorType)] {
    use OscillatorType::*;
    match s {
        Sound::Move => &[(520.0, 0.0, 0.06, Triangle)],
        Sound::Capture => &[(330.0, 0.0, 0.05, Square), (220.0, 0.04, 0.08, Triangle)],
        Sound::Reveal => &[(440.0, 0.0, 0.05, Sine), (660.0, 0.05, 0.07, Sine)],
        Sound::Check => &[(880.0, 0.0, 0.07, Square), (660.0, 0.09, 0.09, Square)],
        Sound::End => &[
            (523.0, 0.0, 0.12, Sine),
            (659.0, 0.12, 0.12, Sine),
            (784.0, 0.24, 0.25, Sine),
        ],
    }
}

pub fn play(ctx: &AudioContext, s: Sound) {
    let t0 = ctx.current_time();
    for &(freq, start, len, wave) in notes(s) {
        let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else {
            return;
        };
        osc.set_type(wave);
        osc.frequency().set_value(freq);
        let g = gain.gain();
        g.set_value(0.0);
        let _ = g.linear_ramp_to_value_at_time(0.18, t0 + start + 0.005);
        let _ = g.exponential_ramp_to_value_at_time(0.001, t0 + start + len);
        let _ = osc
            .connect_with_audio_node(&gain)
            .and_then(|_| gain.connect_with_audio_node(&ctx.destination()));
        let _ = osc.start_with_when(t0 + start);
        let _ = osc.stop_with_when(t0 + start + len + 0.02);
    }
}
