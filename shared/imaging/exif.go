package imaging

import "encoding/binary"

// JPEG markers read by JPEGOrientation.
const (
	markerSOI  = 0xD8
	markerEOI  = 0xD9
	markerSOS  = 0xDA
	markerAPP1 = 0xE1
)

// tagOrientation is the TIFF tag of the EXIF orientation.
const tagOrientation = 0x0112

// JPEGOrientation returns the EXIF orientation (1-8) of a JPEG file, read
// from IFD0 of its first Exif APP1 segment, or 1 when there is none or it
// is malformed. It reads only the segments before the scan data and checks
// every offset, so any input is safe.
func JPEGOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != markerSOI {
		return 1
	}
	p := 2
	for p+4 <= len(data) {
		if data[p] != 0xFF {
			return 1
		}
		marker := data[p+1]
		if marker == 0xFF { // fill byte
			p++
			continue
		}
		if marker == markerSOS || marker == markerEOI {
			return 1
		}
		if marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7) { // no length
			p += 2
			continue
		}
		size := int(binary.BigEndian.Uint16(data[p+2:]))
		if size < 2 || p+2+size > len(data) {
			return 1
		}
		seg := data[p+4 : p+2+size]
		if marker == markerAPP1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			if o, ok := tiffOrientation(seg[6:]); ok {
				return o
			}
			return 1
		}
		p += 2 + size
	}
	return 1
}

// tiffOrientation reads the orientation tag of IFD0 of a TIFF structure.
func tiffOrientation(t []byte) (int, bool) {
	if len(t) < 8 {
		return 0, false
	}
	var order binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 0, false
	}
	if order.Uint16(t[2:]) != 42 {
		return 0, false
	}
	ifd := int(order.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return 0, false
	}
	count := int(order.Uint16(t[ifd:]))
	for i := range count {
		e := ifd + 2 + 12*i
		if e+12 > len(t) {
			return 0, false
		}
		if order.Uint16(t[e:]) != tagOrientation {
			continue
		}
		const typeShort = 3
		if order.Uint16(t[e+2:]) != typeShort || order.Uint32(t[e+4:]) != 1 {
			return 0, false
		}
		o := int(order.Uint16(t[e+8:]))
		if o < 1 || o > 8 {
			return 0, false
		}
		return o, true
	}
	return 0, false
}
