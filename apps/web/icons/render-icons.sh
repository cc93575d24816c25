#!/bin/sh
# Renders the web app manifest's icons (public/icons/*.png) from the favicon and icons/maskable.svg (ffmpeg's
# librsvg decoder). The PNGs are committed: the build needs no SVG renderer. Run from apps/web after changing
# either drawing.
set -e
for size in 192 512; do
  ffmpeg -v error -y -width "$size" -height "$size" -i public/favicon.svg "public/icons/icon-${size}.png"
  ffmpeg -v error -y -width "$size" -height "$size" -i icons/maskable.svg "public/icons/maskable-${size}.png"
done
