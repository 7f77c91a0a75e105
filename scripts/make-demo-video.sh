#!/bin/sh
# Makes apps/web/public/demo/demo-video.mp4, the demo workshop's video (issue 13 item 9): generated
# here from ffmpeg's own sources (no third-party footage), so it is ours to ship under the project's
# licence. Needs ffmpeg (Debian: apt-get install ffmpeg) and the DejaVu fonts. The product serves the
# file itself, so the demo plays with no internet access.
set -eu
out="$(dirname "$0")/../apps/web/public/demo/demo-video.mp4"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
ffmpeg -y -hide_banner -loglevel error \
  -f lavfi -i "gradients=s=640x360:d=8:c0=0x4c2a85:c1=0x1c7ed6:speed=0.02:r=24" \
  -vf "drawtext=fontfile=$font:text='Playshop':fontsize=64:fontcolor=white:x=(w-text_w)/2:y=h/2-80,\
drawtext=fontfile=$font:text='Demo video':fontsize=32:fontcolor=white:x=(w-text_w)/2:y=h/2+10,\
drawtext=fontfile=$font:text='Feedback helps teams grow':fontsize=24:fontcolor=white@0.9:x=(w-text_w)/2:y=h/2+60:enable='gte(t,2)',\
drawtext=fontfile=$font:text='%{eif\:8-t\:d}':fontsize=22:fontcolor=white@0.8:x=w-text_w-20:y=h-text_h-16" \
  -c:v libx264 -preset veryslow -crf 32 -pix_fmt yuv420p -profile:v main -movflags +faststart -an \
  "$out"
ls -l "$out"
