// Generated from Assets/reference/widget-families.json (Apple HIG "Widgets" tables,
// iOS/iPadOS 18 and earlier; see the file's "source" list). DeviceProfileCatalogTests
// checks that this table and the JSON agree, so edit both or neither.

import WidgetCore

extension DeviceProfile {
    /// Every device: Apple's with published widget sizes, in the order of the reference file,
    /// then the e-ink and kiosk screens (``screens``).
    public static var all: [DeviceProfile] { catalog + screens }

    /// Apple's phones and tablets with published widget sizes, in the order of the reference file.
    public static var phonesAndTablets: [DeviceProfile] { catalog }

    /// The catalogue, made once (a request's default device is looked up in it).
    private static let catalog: [DeviceProfile] = {
        [
            DeviceProfile(
                id: "iphone-430x932",
                models: ["iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 16 Plus"],
                screen: Size(width: 430, height: 932), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 170, height: 170), .systemMedium: Size(width: 364, height: 170),
                    .systemLarge: Size(width: 364, height: 382), .accessoryCircular: Size(width: 76, height: 76),
                    .accessoryRectangular: Size(width: 172, height: 76), .accessoryInline: Size(width: 257, height: 26),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "iphone-428x926", models: ["iPhone 12 Pro Max", "iPhone 13 Pro Max", "iPhone 14 Plus"],
                screen: Size(width: 428, height: 926), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 170, height: 170), .systemMedium: Size(width: 364, height: 170),
                    .systemLarge: Size(width: 364, height: 382), .accessoryCircular: Size(width: 76, height: 76),
                    .accessoryRectangular: Size(width: 172, height: 76), .accessoryInline: Size(width: 257, height: 26),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "iphone-440x956", models: ["iPhone 16 Pro Max", "iPhone 17 Pro Max"],
                screen: Size(width: 440, height: 956), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 170, height: 170), .systemMedium: Size(width: 364, height: 170),
                    .systemLarge: Size(width: 364, height: 382),
                ],
                homeScreenSizes: nil, confidence: "medium"),
            DeviceProfile(
                id: "iphone-414x896-3x", models: ["iPhone XS Max", "iPhone 11 Pro Max"],
                screen: Size(width: 414, height: 896), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 169, height: 169), .systemMedium: Size(width: 360, height: 169),
                    .systemLarge: Size(width: 360, height: 379), .accessoryCircular: Size(width: 76, height: 76),
                    .accessoryRectangular: Size(width: 160, height: 72), .accessoryInline: Size(width: 248, height: 26),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "iphone-414x896-2x", models: ["iPhone XR", "iPhone 11"],
                screen: Size(width: 414, height: 896), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 169, height: 169), .systemMedium: Size(width: 360, height: 169),
                    .systemLarge: Size(width: 360, height: 379), .accessoryCircular: Size(width: 76, height: 76),
                    .accessoryRectangular: Size(width: 160, height: 72), .accessoryInline: Size(width: 248, height: 26),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "iphone-414x736", models: ["iPhone 6 Plus", "6s Plus", "7 Plus", "8 Plus"],
                screen: Size(width: 414, height: 736), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 159, height: 159), .systemMedium: Size(width: 348, height: 157),
                    .systemLarge: Size(width: 348, height: 357), .accessoryCircular: Size(width: 76, height: 76),
                    .accessoryRectangular: Size(width: 170, height: 76), .accessoryInline: Size(width: 248, height: 26),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "iphone-402x874", models: ["iPhone 16 Pro", "iPhone 17", "iPhone 17 Pro"],
                screen: Size(width: 402, height: 874), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 158, height: 158), .systemMedium: Size(width: 338, height: 158),
                    .systemLarge: Size(width: 338, height: 354),
                ],
                homeScreenSizes: nil, confidence: "medium"),
            DeviceProfile(
                id: "iphone-393x852", models: ["iPhone 14 Pro", "iPhone 15", "iPhone 15 Pro", "iPhone 16"],
                screen: Size(width: 393, height: 852), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 158, height: 158), .systemMedium: Size(width: 338, height: 158),
                    .systemLarge: Size(width: 338, height: 354), .accessoryCircular: Size(width: 72, height: 72),
                    .accessoryRectangular: Size(width: 160, height: 72), .accessoryInline: Size(width: 234, height: 26),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "iphone-390x844", models: ["iPhone 12", "12 Pro", "13", "13 Pro", "14", "16e"],
                screen: Size(width: 390, height: 844), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 158, height: 158), .systemMedium: Size(width: 338, height: 158),
                    .systemLarge: Size(width: 338, height: 354), .accessoryCircular: Size(width: 72, height: 72),
                    .accessoryRectangular: Size(width: 160, height: 72), .accessoryInline: Size(width: 234, height: 26),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "iphone-375x812", models: ["iPhone X", "XS", "11 Pro"],
                screen: Size(width: 375, height: 812), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 155, height: 155), .systemMedium: Size(width: 329, height: 155),
                    .systemLarge: Size(width: 329, height: 345), .accessoryCircular: Size(width: 72, height: 72),
                    .accessoryRectangular: Size(width: 157, height: 72), .accessoryInline: Size(width: 225, height: 26),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "iphone-375x667", models: ["iPhone 6", "6s", "7", "8", "SE (2nd/3rd gen)"],
                screen: Size(width: 375, height: 667), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 148, height: 148), .systemMedium: Size(width: 321, height: 148),
                    .systemLarge: Size(width: 321, height: 324), .accessoryCircular: Size(width: 68, height: 68),
                    .accessoryRectangular: Size(width: 153, height: 68), .accessoryInline: Size(width: 225, height: 26),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "iphone-360x780", models: ["iPhone 12 mini", "iPhone 13 mini (per HIG Layout)"],
                screen: Size(width: 360, height: 780), scale: 3,
                familySizes: [
                    .systemSmall: Size(width: 155, height: 155), .systemMedium: Size(width: 329, height: 155),
                    .systemLarge: Size(width: 329, height: 345), .accessoryCircular: Size(width: 72, height: 72),
                    .accessoryRectangular: Size(width: 157, height: 72), .accessoryInline: Size(width: 225, height: 26),
                ],
                homeScreenSizes: nil, confidence: "medium"),
            DeviceProfile(
                id: "iphone-320x568", models: ["iPhone SE (1st gen)", "iPod touch 7th gen"],
                screen: Size(width: 320, height: 568), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 141, height: 141), .systemMedium: Size(width: 292, height: 141),
                    .systemLarge: Size(width: 292, height: 311),
                ],
                homeScreenSizes: nil, confidence: "high"),
            DeviceProfile(
                id: "ipad-768x1024", models: ["iPad Pro 9.7\"", "iPad Air 9.7\"", "iPad 9.7\"", "iPad mini 7.9\""],
                screen: Size(width: 768, height: 1024), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 141, height: 141), .systemMedium: Size(width: 305.5, height: 141),
                    .systemLarge: Size(width: 305.5, height: 305.5),
                    .systemExtraLarge: Size(width: 634.5, height: 305.5),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 120, height: 120), .systemMedium: Size(width: 260, height: 120),
                    .systemLarge: Size(width: 260, height: 260), .systemExtraLarge: Size(width: 540, height: 260),
                ], confidence: "high"),
            DeviceProfile(
                id: "ipad-744x1133", models: ["iPad mini 8.3\" (6th gen+)"],
                screen: Size(width: 744, height: 1133), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 141, height: 141), .systemMedium: Size(width: 305.5, height: 141),
                    .systemLarge: Size(width: 305.5, height: 305.5),
                    .systemExtraLarge: Size(width: 634.5, height: 305.5),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 120, height: 120), .systemMedium: Size(width: 260, height: 120),
                    .systemLarge: Size(width: 260, height: 260), .systemExtraLarge: Size(width: 540, height: 260),
                ], confidence: "high"),
            DeviceProfile(
                id: "ipad-810x1080", models: ["iPad 10.2\""],
                screen: Size(width: 810, height: 1080), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 146, height: 146), .systemMedium: Size(width: 320.5, height: 146),
                    .systemLarge: Size(width: 320.5, height: 320.5), .systemExtraLarge: Size(width: 669, height: 320.5),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 124, height: 124), .systemMedium: Size(width: 272, height: 124),
                    .systemLarge: Size(width: 272, height: 272), .systemExtraLarge: Size(width: 568, height: 272),
                ], confidence: "high"),
            DeviceProfile(
                id: "ipad-820x1180", models: ["iPad Air 10.9\"/11\"", "iPad 10.9\"/11\""],
                screen: Size(width: 820, height: 1180), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 155, height: 155), .systemMedium: Size(width: 342, height: 155),
                    .systemLarge: Size(width: 342, height: 342), .systemExtraLarge: Size(width: 715.5, height: 342),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 136, height: 136), .systemMedium: Size(width: 300, height: 136),
                    .systemLarge: Size(width: 300, height: 300), .systemExtraLarge: Size(width: 628, height: 300),
                ], confidence: "high"),
            DeviceProfile(
                id: "ipad-834x1112", models: ["iPad Pro 10.5\"", "iPad Air 10.5\""],
                screen: Size(width: 834, height: 1112), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 150, height: 150), .systemMedium: Size(width: 327.5, height: 150),
                    .systemLarge: Size(width: 327.5, height: 327.5), .systemExtraLarge: Size(width: 682, height: 327.5),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 132, height: 132), .systemMedium: Size(width: 288, height: 132),
                    .systemLarge: Size(width: 288, height: 288), .systemExtraLarge: Size(width: 600, height: 288),
                ], confidence: "high"),
            DeviceProfile(
                id: "ipad-834x1194", models: ["iPad Pro 11\" (1st-4th gen)"],
                screen: Size(width: 834, height: 1194), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 155, height: 155), .systemMedium: Size(width: 342, height: 155),
                    .systemLarge: Size(width: 342, height: 342), .systemExtraLarge: Size(width: 715.5, height: 342),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 136, height: 136), .systemMedium: Size(width: 300, height: 136),
                    .systemLarge: Size(width: 300, height: 300), .systemExtraLarge: Size(width: 628, height: 300),
                ], confidence: "high"),
            DeviceProfile(
                id: "ipad-1024x1366", models: ["iPad Pro 12.9\"", "iPad Air 13\""],
                screen: Size(width: 1024, height: 1366), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 170, height: 170), .systemMedium: Size(width: 378.5, height: 170),
                    .systemLarge: Size(width: 378.5, height: 378.5), .systemExtraLarge: Size(width: 795, height: 378.5),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 160, height: 160), .systemMedium: Size(width: 356, height: 160),
                    .systemLarge: Size(width: 356, height: 356), .systemExtraLarge: Size(width: 748, height: 356),
                ], confidence: "high"),
            DeviceProfile(
                id: "ipad-954x1373-zoom", models: ["iPad Air 11\" with Display Zoom 'More Space' (per FrameUp)"],
                screen: Size(width: 954, height: 1373), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 162, height: 162), .systemMedium: Size(width: 350, height: 162),
                    .systemLarge: Size(width: 350, height: 350), .systemExtraLarge: Size(width: 726, height: 350),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 162, height: 162), .systemMedium: Size(width: 350, height: 162),
                    .systemLarge: Size(width: 350, height: 350), .systemExtraLarge: Size(width: 726, height: 350),
                ], confidence: "high"),
            DeviceProfile(
                id: "ipad-970x1389-zoom",
                models: ["iPad Pro 11\" 4th gen with Display Zoom 'More Space' (per FrameUp)"],
                screen: Size(width: 970, height: 1389), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 162, height: 162), .systemMedium: Size(width: 350, height: 162),
                    .systemLarge: Size(width: 350, height: 350), .systemExtraLarge: Size(width: 726, height: 350),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 162, height: 162), .systemMedium: Size(width: 350, height: 162),
                    .systemLarge: Size(width: 350, height: 350), .systemExtraLarge: Size(width: 726, height: 350),
                ], confidence: "high"),
            DeviceProfile(
                id: "ipad-1192x1590-zoom", models: ["iPad Pro 12.9\" with Display Zoom 'More Space' (per FrameUp)"],
                screen: Size(width: 1192, height: 1590), scale: 2,
                familySizes: [
                    .systemSmall: Size(width: 188, height: 188), .systemMedium: Size(width: 412, height: 188),
                    .systemLarge: Size(width: 412, height: 412), .systemExtraLarge: Size(width: 860, height: 412),
                ],
                homeScreenSizes: [
                    .systemSmall: Size(width: 188, height: 188), .systemMedium: Size(width: 412, height: 188),
                    .systemLarge: Size(width: 412, height: 412), .systemExtraLarge: Size(width: 860, height: 412),
                ], confidence: "high"),
        ]
    }()
}
