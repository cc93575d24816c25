#!/bin/sh
# Remakes the audio the shared header readers' unit tests read (lossless-header.unit.test.ts): a quarter
# second of a 440 Hz tone in each container, lossless and lossy. Run from this folder; needs ffmpeg.
set -e
tone='sine=f=440:r=44100:d=0.25'
make() { ffmpeg -v error -y -f lavfi -i "$tone" -ac 2 -fflags +bitexact -flags:a +bitexact "$@"; }
make -c:a pcm_s16le tone.wav
make -c:a flac tone.flac
make -c:a flac -sample_fmt s32 -ar 96000 tone-24bit-96k.flac
make -c:a pcm_s16be tone.aiff
make -c:a alac tone.m4a
make -c:a libmp3lame -b:a 128k tone.mp3
make -c:a aac -b:a 128k tone-aac.m4a
make -c:a libopus -b:a 64k tone.opus
make -c:a libvorbis tone.ogg
